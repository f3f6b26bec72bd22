// Bundle size of each client as an application ships it: a program that constructs the client and
// calls one method, bundled by esbuild (ESM, minified, dependencies included), then gzipped.
// Exits 1 when a client is over its budget. Usage: node scripts/size.mjs [--json]
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

// 15.5 kB since the calendar's request schemas gained maximum string lengths (issue 15): the
// calendar client went from 15.0 to 15.1 kB.
export const BUDGET_BYTES = 15.5 * 1024;
export const TARGET_BYTES = 12 * 1024;

export const programs = {
  '@clientkit/docs-client': `import { DocsClient } from '@clientkit/docs-client';
const docs = new DocsClient({ baseUrl: 'https://docs.example/v1', token: 'token' });
console.log(await docs.spaces.get('space_1'));`,
  '@clientkit/calendar-client': `import { CalendarClient, basicAuth } from '@clientkit/calendar-client';
const calendar = new CalendarClient({ apiRoot: 'https://events.example/wp-json', auth: basicAuth('editor', 'app password') });
console.log(await calendar.events.list({ per_page: 10 }));`,
  '@clientkit/metering-client': `import { MeteringClient } from '@clientkit/metering-client';
const metering = new MeteringClient({ baseUrl: 'https://billing.example', apiKey: 'sk_test_1' });
await metering.events.send([{ event_name: 'api_call', payload: { customer: 'c1', value: '1' } }]);`,
  '@clientkit/mail-client': `import { MailClient } from '@clientkit/mail-client';
const mail = new MailClient({ baseUrl: 'https://mail.example', accountToken: 'token' });
console.log(await mail.servers.get(1));`,
  '@clientkit/idm-client': `import { IdmClient } from '@clientkit/idm-client';
const idm = new IdmClient({ baseUrl: 'https://idm.example', token: 'token' });
console.log(await idm.clients.list());`,
};

export async function measure(name, contents) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { name, minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [];
  for (const [name, contents] of Object.entries(programs)) rows.push(await measure(name, contents));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows));
  } else {
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
    console.log(
      `Bundle size per client (esbuild, ESM, minified, gzip; budget ${kb(BUDGET_BYTES)}, target ${kb(TARGET_BYTES)})`,
    );
    for (const row of rows) {
      const verdict =
        row.gzip > BUDGET_BYTES
          ? 'OVER BUDGET'
          : row.gzip > TARGET_BYTES
            ? 'within budget'
            : 'on target';
      console.log(
        `  ${row.name.padEnd(28)} ${kb(row.minified).padStart(9)} min ${kb(row.gzip).padStart(8)} gzip  ${verdict}`,
      );
    }
  }
  const over = rows.filter((row) => row.gzip > BUDGET_BYTES);
  if (over.length > 0) {
    console.error(
      `Over the ${BUDGET_BYTES / 1024} kB budget: ${over.map((row) => row.name).join(', ')}`,
    );
    process.exit(1);
  }
}
