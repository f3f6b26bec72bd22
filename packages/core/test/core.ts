/** Every entry of core in one module, for tests that use public and internal names together. */
export * from '../src/contract';
export * from '../src/index';
export * from '../src/internal';
