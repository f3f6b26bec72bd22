import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArguments } from '../src/cli/arguments';
import { parseChaosArgument } from '../src/cli/chaos-argument';
import { listeningUrl, runCliToExit, startCli, stopCliProcesses } from './support/cli-process';

afterEach(stopCliProcesses);

describe('--chaos', () => {
  it('reads rate, kinds (statuses as numbers), seed, paths and a latency range', () => {
    expect(
      parseChaosArgument(
        'rate=0.1,kinds=503|reset|malformed|latency,seed=7,paths=/v1|/api/v2,latencyMs=100-900',
      ),
    ).toEqual({
      rate: 0.1,
      kinds: [503, 'reset', 'malformed', 'latency'],
      seed: 7,
      paths: ['/v1', '/api/v2'],
      latencyMs: { min: 100, max: 900 },
    });
    expect(parseChaosArgument('rate=1,kinds=latency,latencyMs=250').latencyMs).toBe(250);
  });

  it('is off unless given', () => {
    expect(parseCliArguments([]).chaos).toBeUndefined();
    expect(parseCliArguments(['--chaos', 'rate=0.5']).chaos).toEqual({ rate: 0.5 });
  });

  it.each([
    ['kinds=503', '--chaos: rate is required: rate=0.1'],
    ['rate=lots', '--chaos: rate must be a number, not "lots"'],
    ['rate=', '--chaos: rate must be a number, not ""'],
    ['rate=1.5', '--chaos: rate must be a number from 0 to 1'],
    ['rate=0.1,kinds=503|teapot', '--chaos: kinds: "teapot" is neither a status'],
    ['rate=0.1,seed=x', '--chaos: seed must be a number, not "x"'],
    ['rate=0.1,paths=v1', '--chaos: paths: "v1" is not a path that starts with /'],
    ['rate=0.1,speed=2', '--chaos: unknown setting "speed" (known settings: rate, kinds, seed,'],
    ['rate=0.1,rate=0.2', '--chaos: rate is given twice'],
    ['rate', '--chaos: rate needs a value: rate=...'],
    ['rate=0.1,kinds=503,latencyMs=10', '--chaos: latencyMs goes with the kind "latency"'],
  ])('refuses %s, naming the setting', (value, message) => {
    expect(() => parseCliArguments(['--chaos', value])).toThrow(message);
  });

  it('starts the CLI in chaos mode, says so in the banner, and lists what it injected under /__admin/faults', async () => {
    const banner = await startCli([
      '--port',
      '0',
      '--smtp-port',
      '0',
      '--admin',
      '--chaos',
      'rate=1,kinds=503,seed=7,paths=/v1',
    ]);
    expect(banner).toContain('Chaos: 100% of requests under /v1 get one of 503 (seed 7)');
    const url = listeningUrl(banner);
    const answer = await fetch(`${url}/v1/`, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(answer.status).toBe(503);
    const listed = (await (await fetch(`${url}/__admin/faults`)).json()) as {
      chaos: { seed: number };
      injected: { requestId: string; source: string }[];
    };
    expect(listed.chaos.seed).toBe(7);
    expect(listed.injected).toEqual([
      expect.objectContaining({ requestId: answer.headers.get('x-request-id'), source: 'chaos' }),
    ]);
  });

  it('stops the CLI with usage when a setting cannot be used', async () => {
    const { code, stderr } = await runCliToExit(['--port', '0', '--chaos', 'rate=2']);
    expect(code).toBe(2);
    expect(stderr).toContain('--chaos: rate must be a number from 0 to 1');
    expect(stderr).toContain('Usage: clientkit-reference-server');
  });
});
