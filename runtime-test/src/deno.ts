// Run by Deno, which resolves the @clientkit packages through this package's node_modules.
import { RESULT_PREFIX, runSmokeTests } from './smoke.ts';

declare const Deno: { args: string[] };

const origin = Deno.args[0];
if (!origin) throw new Error('usage: deno run src/deno.ts <reference server origin>');
console.log(RESULT_PREFIX + JSON.stringify(await runSmokeTests(origin)));
