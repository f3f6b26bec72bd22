import * as esbuild from 'esbuild';
import { programs } from '/work/main/bench/scripts/size.mjs';
const name = process.argv[2];
const r = await esbuild.build({ stdin: { contents: programs[name], resolveDir: '/work/main/bench/scripts', loader: 'js' }, tsconfig: '/work/main/tsconfig.base.json', bundle: true, minify: true, format: 'esm', splitting: true, outdir: 'out', platform: 'browser', target: 'es2022', write: false, metafile: true, logLevel: 'silent' });
const outs = r.metafile.outputs; const entry = Object.keys(outs).find(p => outs[p].entryPoint !== undefined);
const up = new Set(); const visit = p => { if (up.has(p)) return; up.add(p); for (const i of outs[p].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path); }; visit(entry);
const agg = {};
for (const p of up) for (const [inp, v] of Object.entries(outs[p].inputs)) { const k = inp.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^\.\.\/\.\.\//,''); agg[k] = (agg[k]||0) + v.bytesInOutput; }
const rows = Object.entries(agg).sort((a,b)=>b[1]-a[1]);
let tot=0; for (const [,v] of rows) tot+=v; console.log('total', tot);
for (const [k,v] of rows.slice(0, +process.argv[3]||40)) console.log(String(v).padStart(6), k);
