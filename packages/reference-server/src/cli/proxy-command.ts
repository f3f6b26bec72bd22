import { parseArgs } from 'node:util';
import { createProxyServer, type ProxyServer } from '../proxy/proxy-server';
import { targetOrigin } from '../proxy/target-origin';
import { portNumber, UsageError } from './arguments';
import { listenOrExplain } from './listen-or-explain';

/** What `clientkit-reference-server proxy ...` asked for. */
export interface ProxyArguments {
  help: boolean;
  target: string;
  port: number;
  host: string;
  record: string | undefined;
  failOnViolation: boolean;
}

/** Reads the arguments after `proxy`; throws UsageError when they cannot be run. */
export function parseProxyArguments(args: string[]): ProxyArguments {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(args).values;
  } catch (error) {
    throw new UsageError(`proxy: ${(error as Error).message}`);
  }
  const common = {
    help: values.help,
    port: portNumber('--port', values.port),
    host: values.host,
    record: values.record,
    failOnViolation: values['fail-on-violation'],
  };
  if (values.help) return { ...common, target: values.target ?? '' };
  if (values.target === undefined) {
    throw new UsageError('proxy needs --target <origin>: the origin of the service to forward to');
  }
  try {
    return { ...common, target: targetOrigin(values.target, '--target').origin };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      target: { type: 'string' },
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      record: { type: 'string' },
      'fail-on-violation': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
}

/** What the proxy prints once it listens. */
export function proxyBanner(proxy: ProxyServer, url: string, args: ProxyArguments): string {
  const lines = [
    `clientkit reference server proxy listening on ${url}`,
    `Forwarding every request to ${proxy.target}, each exchange checked against the contracts of the five interfaces.`,
  ];
  if (proxy.recordingDir) {
    lines.push(
      `Recording into ${proxy.recordingDir}: one nock.define() file per interface, credentials replaced by [redacted].`,
    );
  }
  if (args.failOnViolation) {
    lines.push(
      'When stopped (SIGINT or SIGTERM), it exits with status 1 if any violation is listed.',
    );
  }
  lines.push(
    `Admin routes: GET and DELETE ${url}/__admin/violations`,
    'Each contract violation is printed as one line:',
  );
  return lines.join('\n');
}

/** Runs the proxy until SIGINT or SIGTERM, printing each violation as it is found. */
export async function runProxy(args: ProxyArguments): Promise<void> {
  const proxy = await createProxyServer({
    target: args.target,
    ...(args.record === undefined ? {} : { record: args.record }),
  });
  const { url } = await listenOrExplain(proxy, args, 'the proxy');
  console.log(proxyBanner(proxy, url, args));
  const stop = async () => {
    await proxy.close();
    const violations = proxy.violations().length;
    const unknown = proxy.unknownOperations().length;
    console.log(
      `Stopped: ${violations} contract violations, ${unknown} unknown operations listed.`,
    );
    process.exit(args.failOnViolation && violations > 0 ? 1 : 0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
