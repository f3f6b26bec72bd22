#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createReferenceServer } from './index';

const usage = `Usage: clientkit-reference-server [options]

  --port <n>        port to listen on (default 4010; 0 picks a free one)
  --host <name>     address to listen on (default 127.0.0.1)
  --admin           enable the /__admin test-control routes (anyone can then change the state)
  --seed <file>     JSON seed data keyed by interface name
  --tenant <kind>   identity management tenant: public (default) or private
  --smtp-port <n>   port of the inbound mail SMTP listener (default 2525; 0 picks a free one)
  --help            show this text`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        admin: { type: 'boolean', default: false },
        seed: { type: 'string' },
        tenant: { type: 'string', default: 'public' },
        'smtp-port': { type: 'string', default: '2525' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  fail(`--port must be 0 to 65535, not "${values.port}"`);
if (values.tenant !== 'public' && values.tenant !== 'private')
  fail('--tenant must be public or private');
const tenant: 'public' | 'private' = values.tenant;

const smtpPort = Number(values['smtp-port']);
if (!Number.isInteger(smtpPort) || smtpPort < 0 || smtpPort > 65_535) {
  fail(`--smtp-port must be 0 to 65535, not "${values['smtp-port']}"`);
}

function readSeed(file: string | undefined): unknown {
  if (!file) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`--seed ${file}: ${(error as Error).message}`);
  }
}
async function main(): Promise<void> {
  const server = await createReferenceServer({
    seed: readSeed(values.seed) as Record<string, unknown> | undefined,
    admin: values.admin,
    tenant,
    mail: { smtpPort },
  });
  const { url } = await server.listen(port, values.host);

  const lines = [`clientkit reference server listening on ${url}`, ''];
  for (const [name, path] of Object.entries(server.basePaths))
    lines.push(`  ${name.padEnd(9)} ${url}${path}`);
  lines.push('', 'Development credentials:');
  for (const [name, credentials] of Object.entries(server.credentials())) {
    for (const [label, value] of Object.entries(credentials))
      lines.push(`  ${name.padEnd(9)} ${label.padEnd(28)} ${value}`);
  }
  lines.push(
    '',
    values.admin
      ? `Admin routes: ${url}/__admin`
      : 'Admin routes are off (start with --admin to enable them).',
  );
  console.log(lines.join('\n'));

  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
