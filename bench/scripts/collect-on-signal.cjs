// Preloaded into the soak's server process (node --expose-gc --require this file): SIGUSR2 asks
// for a full garbage collection, so that the soak can read the server's RSS without the garbage
// of the last round in it. Only the soak uses it; the server itself knows nothing of it.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
});
