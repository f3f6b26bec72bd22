import { describe, expect, it } from 'vitest';
import { type FleetProcess, startFleet, warningsOf } from './support/fleet';
import { everythingIn, useWorld } from './support/world';

const world = useWorld();

async function idmFleet(count: number): Promise<FleetProcess[]> {
  const [machine] = world.server.idm.machineClients;
  const processes = await startFleet(count, {
    kind: 'idm',
    baseUrl: world.url,
    redisUrl: world.redis.url,
    idm: {
      clientId: machine!.clientId,
      clientSecret: machine!.clientSecret,
      audience: world.server.idm.audience,
    },
  });
  world.processes.push(...processes);
  return processes;
}

describe('a fleet of idm clients with the same client credentials', () => {
  it('makes one token exchange when 8 processes start at once, and all use that token', async () => {
    const fleet = await idmFleet(8);
    const done = await Promise.all(fleet.map((process) => process.calls(1)));
    expect(done.flatMap((result) => result.failed)).toEqual([]);
    expect(warningsOf(fleet)).toEqual([]);
    expect(world.server.idm.exchangedTokens()).toBe(1);
    expect(new Set(done.map((result) => result.token)).size).toBe(1);
  });

  it('makes one more exchange when 8 processes are refused the same token at once', async () => {
    const fleet = await idmFleet(8);
    await Promise.all(fleet.map((process) => process.calls(1)));
    expect(world.server.idm.exchangedTokens()).toBe(1);
    world.server.idm.revokeTokens();
    const done = await Promise.all(fleet.map((process) => process.calls(1)));
    expect(done.flatMap((result) => result.failed)).toEqual([]);
    expect(warningsOf(fleet)).toEqual([]);
    expect(world.server.idm.exchangedTokens()).toBe(2);
    expect(new Set(done.map((result) => result.token)).size).toBe(1);
  });

  it('leaves no token and no client secret in Redis in plain text, in any key or value', async () => {
    const fleet = await idmFleet(2);
    const done = await Promise.all(fleet.map((process) => process.calls(1)));
    const token = done[0]!.token!;
    const [, , signature] = token.split('.');
    const stored = await everythingIn(world.redis.url);
    expect(stored.length).toBeGreaterThan(0);
    const secret = world.server.idm.machineClients[0]!.clientSecret;
    for (const text of stored) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(signature!);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(world.server.idm.machineClients[0]!.clientId);
    }
  });
});
