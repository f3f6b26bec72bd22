import { defineConfig } from 'vitest/config';

// This folder's own config, so that vitest does not take the examples package's.
export default defineConfig({});
