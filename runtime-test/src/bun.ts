// Run by Bun, which resolves the @clientkit packages through node_modules to their built ESM files.
import { RESULT_PREFIX, runSmokeTests } from './smoke.ts';

const origin = process.argv[2];
if (!origin) throw new Error('usage: bun src/bun.ts <reference server origin>');
console.log(RESULT_PREFIX + JSON.stringify(await runSmokeTests(origin)));
