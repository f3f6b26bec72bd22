import * as esbuild from 'esbuild';
import { programs } from '/work/main/bench/scripts/size.mjs';

const name = process.argv[2];
const r = await esbuild.build({
  stdin: { contents: programs[name], resolveDir: '/work/main/bench/scripts', loader: 'js' },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'silent',
});
const out = Object.values(r.metafile.outputs)[0];
const groups = {};
for (const [file, info] of Object.entries(out.inputs)) {
  const key = file.includes('node_modules/ky')
    ? 'ky'
    : file.includes('/zod/')
      ? 'zod:' + file.split('/zod/')[1].split('/').slice(0, 3).join('/')
      : file.includes('packages/core')
        ? 'core:' + file.split('/').pop()
        : file.split('/').slice(-2).join('/');
  groups[key] = (groups[key] ?? 0) + info.bytesInOutput;
}
console.log(
  Object.entries(groups)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([k, v]) => `${v}\t${k}`)
    .join('\n'),
);
