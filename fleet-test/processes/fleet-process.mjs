// One process of a fleet, as an application runs it: it imports the built packages by name, builds
// one client with a Redis coordination, and makes calls when told to. The test drives it through
// stdin and reads it through stdout, one JSON object a line each way.
//
// Argument: the settings, as JSON: { kind: 'docs' | 'idm' | 'metering', baseUrl, redisUrl,
// commandTimeoutMs?, throttle?, logLevel?, idm?: { clientId, clientSecret, audience }, apiKey? }.
// Commands: { do: 'calls', count } makes `count` calls at once and answers { event: 'done', ok,
// failed, token? }; { do: 'loop' } calls one after another until { do: 'stop' }, then answers
// 'done' the same way. When its input ends, it closes the coordination and exits.
// Every line the client logs is passed on as { event: 'log', level, message }.
import { createInterface } from 'node:readline';
import { DocsClient } from '@clientkit/docs-client';
import { clientCredentials, IdmClient } from '@clientkit/idm-client';
import { MeteringClient } from '@clientkit/metering-client';
import { redisCoordination } from '@clientkit/redis';

const settings = JSON.parse(process.argv[2]);

function say(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const logger = Object.fromEntries(
  ['debug', 'info', 'warn', 'error'].map((level) => [
    level,
    (message) => say({ event: 'log', level, message }),
  ]),
);

const coordination = redisCoordination({
  url: settings.redisUrl,
  commandTimeoutMs: settings.commandTimeoutMs,
});
const shared = {
  baseUrl: settings.baseUrl,
  coordination,
  logger,
  logLevel: settings.logLevel ?? 'warn',
  ...(settings.throttle ? { throttle: settings.throttle } : {}),
};

/** The client and its one call, by kind; `token` reads what it authenticates with, where it can. */
function clientOf(kind) {
  if (kind === 'docs') {
    const docs = new DocsClient({ ...shared, token: 'docs-dev-user-ada' });
    return { call: () => docs.spaces.get('space_handbook') };
  }
  if (kind === 'idm') {
    const idm = new IdmClient({ ...shared, auth: clientCredentials(settings.idm) });
    return { call: () => idm.clients.list({ take: 1 }), token: () => idm.accessToken() };
  }
  const metering = new MeteringClient({ ...shared, apiKey: settings.apiKey });
  const event = () => ({
    event_name: 'api_call',
    payload: { stripe_customer_id: 'cus_fleet', value: '1' },
  });
  return {
    call: () => metering.events.send([event()]),
    sessionsCreated: () => metering.sessionsCreated,
  };
}

const client = clientOf(settings.kind);
const tally = { ok: 0, failed: [] };

async function callOnce() {
  try {
    await client.call();
    tally.ok += 1;
  } catch (error) {
    tally.failed.push(`${error.name}: ${error.message}`);
  }
}

async function report() {
  say({
    event: 'done',
    ...tally,
    ...(client.token ? { token: await client.token() } : {}),
    ...(client.sessionsCreated ? { sessionsCreated: client.sessionsCreated() } : {}),
  });
  tally.ok = 0;
  tally.failed = [];
}

let looping;
let stopped = false;
say({ event: 'ready' });

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  if (command.do === 'calls') {
    await Promise.all(Array.from({ length: command.count }, callOnce));
    await report();
  } else if (command.do === 'loop') {
    stopped = false;
    looping = (async () => {
      while (!stopped) await callOnce();
    })();
  } else if (command.do === 'stop') {
    stopped = true;
    await looping;
    await report();
  }
}
stopped = true;
await looping;
await coordination.close();
