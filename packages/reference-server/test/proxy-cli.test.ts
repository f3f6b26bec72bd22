import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import { runCliToExit } from './support/cli-process';
import { recordingDir, removeRecordingDirs } from './support/recorded-session';

afterAll(removeRecordingDirs);

const bin = fileURLToPath(new URL('../bin/clientkit-reference-server.js', import.meta.url));
const running = new Set<ChildProcess>();

/** A CLI process, what it printed once its banner is out, and its exit code once it exits. */
function startMode(args: string[]) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const banner = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Admin routes')) resolve(output);
    });
    child.stderr!.on('data', (chunk: Buffer) => reject(new Error(chunk.toString())));
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, banner, exited, output: () => output };
}

const listeningOn = (banner: string) =>
  /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)![1]!;

let upstream: ReferenceServer;
let target: string;
beforeAll(async () => {
  upstream = await createReferenceServer();
  ({ url: target } = await upstream.listen(0));
});
afterAll(() => upstream.close());
afterEach(() => {
  for (const child of running) child.kill('SIGTERM');
  running.clear();
  upstream.reset();
});

const ada = { authorization: 'Bearer docs-dev-user-ada' };

describe('clientkit-reference-server proxy and replay', () => {
  it('proxy prints its address, serves /__admin/violations without --admin, opens no SMTP listener and records', async () => {
    const dir = recordingDir();
    const proxy = startMode(['proxy', '--target', target, '--port', '0', '--record', dir]);
    const banner = await proxy.banner;
    const url = listeningOn(banner);
    expect(banner).toContain(`Forwarding every request to ${target}`);
    expect(banner).toContain(`Recording into ${dir}`);
    expect(banner).not.toContain('SMTP');
    const user = await fetch(`${url}/v1/user`, { headers: ada });
    expect((await user.json()).id).toBe('usr_ada');
    const listed = await fetch(`${url}/__admin/violations`);
    expect(await listed.json()).toEqual({ violations: [], unknown: [] });
    expect(readdirSync(dir)).toEqual(['docs.json']);

    const replay = startMode(['replay', dir, '--port', '0']);
    const replayBanner = await replay.banner;
    expect(replayBanner).toContain(`Answering with the 1 recordings in ${dir}`);
    expect(replayBanner).not.toContain('SMTP');
    const replayUrl = listeningOn(replayBanner);
    const replayed = await fetch(`${replayUrl}/v1/user`, {
      headers: { authorization: 'Bearer x' },
    });
    expect((await replayed.json()).id).toBe('usr_ada');
    const unmatched = await fetch(`${replayUrl}/v1/user`);
    expect(unmatched.status).toBe(501);
    const list = await fetch(`${replayUrl}/__admin/unmatched`).then((answer) => answer.json());
    expect(list.unmatched).toHaveLength(1);
  });

  it('proxy --fail-on-violation prints each violation and exits with 1 when stopped after one', async () => {
    upstream.faults.add({ path: '/servers/1', status: 418 });
    const proxy = startMode(['proxy', '--target', target, '--port', '0', '--fail-on-violation']);
    const url = listeningOn(await proxy.banner);
    const answer = await fetch(`${url}/servers/1`, {
      headers: { 'x-mail-account-token': 'mail-dev-account-token' },
    });
    expect(answer.status).toBe(418);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toBe(1);
    expect(proxy.output()).toMatch(
      /^contract violation: mail\.getServer GET \/servers\/1 response status must be one of 200, 401, 404, 406, not 418 \(request req_\w+\)$/m,
    );
    expect(proxy.output()).toContain(
      'Stopped: 1 contract violations, 0 unknown operations listed.',
    );
  });

  it('proxy --fail-on-violation exits with 0 when stopped without one', async () => {
    const proxy = startMode(['proxy', '--target', target, '--port', '0', '--fail-on-violation']);
    const url = listeningOn(await proxy.banner);
    expect((await fetch(`${url}/v1/user`, { headers: ada })).status).toBe(200);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exited).toBe(0);
  });

  it('refuses a proxy without --target and a replay without a directory, with usage that describes both modes', async () => {
    const noTarget = await runCliToExit(['proxy']);
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('proxy needs --target <origin>');
    expect(noTarget.stderr).toContain('proxy --target <origin>');
    expect(noTarget.stderr).toContain('--fail-on-violation');
    expect(noTarget.stderr).toContain('replay <dir>');
    const noDir = await runCliToExit(['replay']);
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toContain('replay needs one directory');
  });
});
