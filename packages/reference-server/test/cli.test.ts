import type { Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  listeningUrl,
  occupyPort,
  portOf,
  release,
  runCliToExit,
  smtpGreeting,
  startCli,
  stopCliProcesses,
} from './support/cli-process';

let held: Server | undefined;

afterEach(async () => {
  stopCliProcesses();
  await release(held);
  held = undefined;
});

describe('clientkit-reference-server CLI', () => {
  it('prints its URL, the constructor options of each client and the development credentials', async () => {
    const output = await startCli(['--port', '0', '--smtp-port', '0']);
    const url = listeningUrl(output);
    expect(output).toContain(`new DocsClient({ baseUrl: '${url}', token: 'docs-dev-user-ada' })`);
    expect(output).toContain(`new MeteringClient({ baseUrl: '${url}', apiKey: `);
    expect(output).not.toContain('/v2/billing');
    expect(output).toContain('Admin routes are off');
    const res = await fetch(`${url}/v1/`, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(await res.json()).toEqual({ version: '0.0.1-beta', build: '2026-11-01T00:00:00.000Z' });
  });

  it('turns the admin routes on with --admin', async () => {
    const output = await startCli(['--port', '0', '--smtp-port', '0', '--admin']);
    const url = listeningUrl(output);
    expect(output).toContain(`Admin routes: ${url}/__admin`);
    expect((await fetch(`${url}/__admin/clock`)).status).toBe(200);
  });

  it('refuses a port that is not a number, with usage', async () => {
    const { code, stderr } = await runCliToExit(['--port', 'abc']);
    expect(code).toBe(2);
    expect(stderr).toContain('--port must be 0 to 65535, not "abc"');
    expect(stderr).toContain('Usage: clientkit-reference-server');
  });

  it('names in its usage the package the command comes from, and how a clone of the repository runs it', async () => {
    const { code, stderr } = await runCliToExit(['--tenant', 'neither']);
    expect(code).toBe(2);
    expect(stderr).toContain('The command of the @clientkit/reference-server package');
    expect(stderr).toContain('pnpm serve [options]');
  });

  it('starts anyway when the default SMTP port 2525 is taken: inbound mail listens on a free port it prints', async () => {
    held = await occupyPort(2525); // undefined when another process holds 2525: just as taken
    const output = await startCli(['--port', '0', '--admin']);
    const smtpPort = Number(/Inbound mail \(SMTP\) on 127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
    expect(smtpPort).toBeGreaterThan(0);
    expect(smtpPort).not.toBe(2525);
    expect(output).toContain('port 2525 was taken (--smtp-port <n> picks one)');
    const smtp = await fetch(`${listeningUrl(output)}/__admin/mail/smtp`);
    expect(await smtp.json()).toMatchObject({ port: smtpPort });
    expect(await smtpGreeting(smtpPort)).toMatch(/^220 /);
  });

  it('an --smtp-port that is taken is an error naming the port, the inbound mail listener and --smtp-port', async () => {
    held = await occupyPort(0);
    const port = portOf(held!);
    const { code, stderr } = await runCliToExit(['--port', '0', '--smtp-port', String(port)]);
    expect(code).toBe(1);
    expect(stderr).toContain(`Port ${port} is in use`);
    expect(stderr).toContain('inbound mail (SMTP) listener');
    expect(stderr).toContain('--smtp-port <n>');
    expect(stderr).not.toContain('    at '); // a message, not a stack trace
  });

  it('an HTTP --port that is taken is an error naming the port and --port', async () => {
    held = await occupyPort(0);
    const port = portOf(held!);
    const { code, stderr } = await runCliToExit(['--port', String(port), '--smtp-port', '0']);
    expect(code).toBe(1);
    expect(stderr).toContain(`Port ${port} on 127.0.0.1 is in use`);
    expect(stderr).toContain('HTTP listener');
    expect(stderr).toContain('--port <n>');
    expect(stderr).not.toContain('    at ');
  });
});
