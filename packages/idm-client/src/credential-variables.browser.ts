// The browser build's (see tsup.config.ts): core reads no environment variable in a page, so
// client credentials are never made of variables there, and the code that makes them is left out
// of a page that does not import `clientCredentials` itself.

/** Nothing is made of variables in a page. */
export const credentialsFromVariables: ((values: Record<string, string>) => unknown) | undefined =
  undefined;
