// Bundle size of each client as a browser application ships it: a program that constructs the
// client and calls one method, bundled by esbuild into one file (browser platform, ESM, minified,
// ky and zod bundled from node_modules like every other dependency), then gzipped. Everything the
// program can load counts, a module behind an `import()` included.
// The alarm: exits 1 when a client reaches 36 kB gzip. It is there to catch a regression (a
// dependency bundled twice, a client that pulls in server code), not a target to design towards.
// With --peers, the official SDKs of the modelled services (and bare ky) are measured the same way
// beside ours; the alarm does not apply to them.
// Usage: node scripts/size.mjs [--json] [--peers] [--by-package]
//   --json prints { alarmBytes, rows }, which the bench's report reads;
//   --by-package adds each program's minified bytes by the package they come from.
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

export const ALARM_BYTES = 36 * 1024;

/** The rows of our clients that reach the alarm; peers have none. */
export function overTheAlarm(rows) {
  return rows.filter((row) => !row.peer && row.gzip >= ALARM_BYTES);
}

export const programs = {
  '@clientkit/docs-client': `import { DocsClient } from '@clientkit/docs-client';
const docs = new DocsClient({ baseUrl: 'https://docs.example', token: 'token' });
console.log(await docs.spaces.get('space_1'));`,
  '@clientkit/calendar-client': `import { CalendarClient, basicAuth } from '@clientkit/calendar-client';
const calendar = new CalendarClient({ baseUrl: 'https://events.example', auth: basicAuth('editor', 'app password') });
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

// The same kind of program for each peer: construct the client, make the comparable call.
export const peerPrograms = {
  '@gitbook/api': `import { GitBookAPI } from '@gitbook/api';
const api = new GitBookAPI({ authToken: 'token' });
console.log(await api.spaces.getSpaceById('space_1'));`,
  postmark: `import { AccountClient } from 'postmark';
const account = new AccountClient('token');
console.log(await account.getServer(1));`,
  auth0: `import { ManagementClient } from 'auth0';
const management = new ManagementClient({ domain: 'idm.example', token: 'token' });
console.log(await management.clients.list());`,
  stripe: `import Stripe from 'stripe';
const stripe = new Stripe('sk_test_1');
await stripe.v2.billing.meterEventStream.create({ events: [{ event_name: 'api_call', payload: { stripe_customer_id: 'c1', value: '1' } }] });`,
  ky: `import ky from 'ky';
console.log(await ky('https://docs.example/v1/spaces/space_1').json());`,
};

export async function measure(name, contents, platform = 'browser') {
  // One file, as an application bundled without code splitting ships it: every module the program
  // can load, through `import` or `import()`, is in it.
  const result = await esbuild.build({
    stdin: { contents, resolveDir: import.meta.dirname, loader: 'js' },
    // Resolve packages as a user's bundler does, through node_modules and each package's exports to
    // its built dist files (what is published), not through the repository tsconfig's paths, which
    // point at the sources.
    tsconfigRaw: {},
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  const code = result.outputFiles[0].contents;
  return {
    name,
    platform,
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    byPackage: bytesByPackage(result.metafile),
  };
}

/**
 * Minified bytes of the output by the package of their source: `ky`, `zod`, `@clientkit/core`
 * (a workspace package by its folder), and the program itself. Gzip works on the whole file, so
 * only these raw shares can be told apart.
 */
export function bytesByPackage(metafile) {
  const totals = {};
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input);
      totals[name] = (totals[name] ?? 0) + bytesInOutput;
    }
  }
  return Object.fromEntries(Object.entries(totals).sort((a, b) => b[1] - a[1]));
}

function packageOf(input) {
  const installed = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(
    input,
  );
  if (installed) return installed[1];
  const workspace = /(?:^|\/)packages\/([^/]+)\//.exec(input);
  if (workspace) return `@clientkit/${workspace[1]}`;
  return input === '<stdin>' ? 'the program' : input;
}

/** A peer that does not bundle for browsers (it imports node: modules) is bundled for node instead. */
export async function measurePeer(name, contents) {
  try {
    return { ...(await measure(name, contents)), peer: true };
  } catch {
    return { ...(await measure(name, contents, 'node')), peer: true };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [];
  for (const [name, contents] of Object.entries(programs)) rows.push(await measure(name, contents));
  if (process.argv.includes('--peers')) {
    for (const [name, contents] of Object.entries(peerPrograms)) {
      rows.push(await measurePeer(name, contents));
    }
  }
  const byPackage = process.argv.includes('--by-package');
  if (!byPackage) for (const row of rows) delete row.byPackage;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ alarmBytes: ALARM_BYTES, rows }));
  } else {
    console.log(
      `Bundle size per client (esbuild, browser, ESM, minified, gzip; alarm at ${bytes(ALARM_BYTES)})`,
    );
    for (const row of rows) {
      const verdict = row.peer
        ? `peer (${row.platform})`
        : overTheAlarm([row]).length > 0
          ? 'OVER THE ALARM'
          : 'under the alarm';
      console.log(
        `  ${row.name.padEnd(28)} ${bytes(row.minified).padStart(10)} min ${bytes(row.gzip).padStart(8)} gzip  ${verdict}`,
      );
      if (byPackage) {
        const shares = Object.entries(row.byPackage).map(
          ([name, count]) => `${name} ${bytes(count)}`,
        );
        console.log(`    minified by package: ${shares.join(', ')}`);
      }
    }
  }
  const over = overTheAlarm(rows);
  if (over.length > 0) {
    const names = over.map((row) => `${row.name} (${bytes(row.gzip)})`).join(', ');
    console.error(`At or over the ${bytes(ALARM_BYTES)} gzip alarm: ${names}`);
    process.exit(1);
  }
}

function bytes(count) {
  return `${count.toLocaleString('en')} B`;
}
