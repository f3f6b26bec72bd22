import type { Client, LogEvent } from '@clientkit/contracts/idm';
import type { Clock } from '../../clock';
import { type IdmState, logIdOf, newClientId } from './store';

/** How many records the seed holds: enough to cross the offset reach of 1000 log events. */
export const SEED_CLIENT_COUNT = 30;
export const SEED_LOG_COUNT = 1550;

const LOG_SPACING_MS = 7 * 60_000;

const adjectives = ['Billing', 'Support', 'Inventory', 'Analytics', 'Payroll', 'Shipping'];
const nouns = ['Portal', 'Dashboard', 'Worker', 'Mobile App', 'CLI'];
const appTypes = ['regular_web', 'spa', 'non_interactive', 'native', 'spa'] as const;

/** A small seeded generator, so that the seed is the same on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seedClients(random: () => number): Client[] {
  return Array.from({ length: SEED_CLIENT_COUNT }, (_, i) => {
    const name = `${adjectives[i % adjectives.length]} ${nouns[Math.floor(i / adjectives.length)]}`;
    const appType = appTypes[i % appTypes.length]!;
    const slug = name.toLowerCase().replace(/ /g, '-');
    return {
      client_id: newClientId(() => Math.floor(random() * 256)),
      name,
      description: `${name} of the seed tenant`,
      app_type: appType,
      ...(appType === 'non_interactive'
        ? {}
        : { callbacks: [`https://${slug}.example.test/callback`] }),
      is_first_party: true,
    };
  });
}

const loginKinds = [
  { type: 's', description: 'Success Login' },
  { type: 'f', description: 'Wrong email or password.' },
];

function seedLog(i: number, random: () => number, clients: Client[], date: string): LogEvent {
  const client = clients[Math.floor(random() * clients.length)]!;
  const roll = random();
  const base = { log_id: logIdOf(SEED_CLIENT_COUNT + i + 1), date, client_id: client.client_id };
  if (roll < 0.75) {
    const kind = loginKinds[roll < 0.6 ? 0 : 1]!;
    return { ...base, ...kind };
  }
  if (roll < 0.85) {
    return {
      ...base,
      type: 'seccft',
      description: 'Client Credentials for Access Token',
      details: { method: 'POST', path: '/oauth/token', status: 200 },
    };
  }
  const path = `/api/v2/clients/${client.client_id}`;
  return {
    ...base,
    type: 'sapi',
    description: 'Update a client',
    details: {
      method: 'PATCH',
      path,
      status: 200,
      ...(roll < 0.9 ? { correlation_id: `seed-change-${i}` } : {}),
    },
  };
}

/**
 * Deterministic seed data: 30 clients and 1550 log events, one every 7 minutes up to the server
 * clock's present (only the dates depend on when the seed is made).
 */
export function idmSeed(clock: Clock): IdmState {
  const random = generator(20_260_101);
  const clients = seedClients(random);
  const end = clock.now();
  const logs = Array.from({ length: SEED_LOG_COUNT }, (_, i) =>
    seedLog(
      i,
      random,
      clients,
      new Date(end - (SEED_LOG_COUNT - i) * LOG_SPACING_MS).toISOString(),
    ),
  );
  return { clients, logs };
}
