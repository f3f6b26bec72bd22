import { developmentEnvironment } from '../development-environment';
import { quoted, sourceTextOf } from '../source-text';
import { describeChaos } from './chaos-argument';
import { exportLines } from './export-lines';
import type { CliStart } from './start';

/** The package an interface's client is published as: the server itself depends on none of them. */
const clientPackage = (name: string) => `@clientkit/${name}-client`;

/** The class each entry of `developmentClientOptions` is for, with what else its options call. */
const clientClasses = {
  docs: { name: 'DocsClient', from: '@clientkit/docs-client', helpers: [] },
  calendar: { name: 'CalendarClient', from: '@clientkit/calendar-client', helpers: ['basicAuth'] },
  metering: { name: 'MeteringClient', from: '@clientkit/metering-client', helpers: [] },
  mail: { name: 'MailClient', from: clientPackage('mail'), helpers: [] },
  idm: { name: 'IdmClient', from: '@clientkit/idm-client', helpers: ['clientCredentials'] },
} as const;

/** The client names in the order the banner lists them. */
export const clientNames = Object.keys(clientClasses) as (keyof typeof clientClasses)[];

/** One option value as the code that makes it. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  return sourceTextOf(value) ?? JSON.stringify(value);
}

/** `new XClient({ ... })` for one client's options, ready to paste. */
export function constructorText(name: keyof typeof clientClasses, options: object): string {
  const fields = Object.entries(options).map(([key, value]) => `${key}: ${valueText(value)}`);
  return `new ${clientClasses[name].name}({ ${fields.join(', ')} })`;
}

function smtpLine(start: CliStart): string {
  const { smtp } = start;
  if (smtp.movedFrom === undefined) return `Inbound mail (SMTP) on 127.0.0.1:${smtp.port}`;
  return `Inbound mail (SMTP) on 127.0.0.1:${smtp.port}: port ${smtp.movedFrom} was taken (--smtp-port <n> picks one)`;
}

/** What the CLI prints once it listens: the origin, each client's options, other credentials. */
export function formatBanner(start: CliStart, admin: boolean): string {
  const { url, clientOptions, server } = start;
  const lines = [`clientkit reference server listening on ${url}`, smtpLine(start), ''];
  lines.push('Clients, with the development credentials:');
  for (const name of clientNames) {
    const { name: className, from, helpers } = clientClasses[name];
    lines.push(`  import { ${[className, ...helpers].join(', ')} } from '${from}';`);
    lines.push(`  ${constructorText(name, clientOptions[name])}`);
  }
  lines.push(
    '',
    'Or, in a shell, for clients built without options (new DocsClient() and the others):',
  );
  for (const line of exportLines(developmentEnvironment(url))) lines.push(`  ${line}`);
  lines.push('', 'Development credentials:');
  const rows = Object.entries(server.credentials()).flatMap(([name, credentials]) =>
    Object.entries(credentials).map(([label, value]) => [name, label, value] as const),
  );
  // The label column is as wide as its widest label, so that every value starts in the same place.
  const labelWidth = Math.max(...rows.map(([, label]) => label.length));
  for (const [name, label, value] of rows) {
    lines.push(`  ${name.padEnd(9)} ${label.padEnd(labelWidth)}  ${value}`);
  }
  const chaos = server.faults.activeChaos();
  if (chaos) lines.push('', describeChaos(chaos));
  lines.push(
    '',
    admin
      ? `Admin routes: ${url}/__admin`
      : 'Admin routes are off (start with --admin to enable them).',
  );
  return lines.join('\n');
}
