import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../../test-support/within';
import { createReferenceServer, type InterfaceName, type ReferenceServer } from '../src/index';
import { type CalendarWorld, calendarCases } from './fuzz/calendar';
import { contractRoutes, operationOf } from './fuzz/contract-routes';
import { type DocsWorld, docsCases } from './fuzz/docs';
import { edgeReads } from './fuzz/edge-reads';
import { errorFormats } from './fuzz/error-formats';
import { type IdmWorld, idmCases } from './fuzz/idm';
import { type MailWorld, mailCases } from './fuzz/mail';
import { type MeteringWorld, meteringCases } from './fuzz/metering';
import { describeRequest, type FuzzRequest, toRequest } from './fuzz/requests';

/** A fixed seed, so that every run sends the same requests; set FUZZ_SEED to explore others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const PER_INTERFACE = 2_100;
const EDGE_READS = 1_500;
const ORIGIN = 'http://fuzz.test';
const APIS: InterfaceName[] = ['docs', 'calendar', 'metering', 'mail', 'idm'];

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/** Credentials, ids and sessions of the seeded server, which the generators break on purpose. */
async function prepare(server: ReferenceServer) {
  const docsState = server.inspect('docs') as Record<string, { id: string }[]>;
  const docs: DocsWorld = {
    tokens: {
      user: server.docs.mintToken({ scheme: 'user', userId: 'usr_ada' }),
      'user-internal': server.docs.mintToken({ scheme: 'user-internal', userId: 'usr_ada' }),
      'user-staff': server.docs.mintToken({ scheme: 'user-staff', userId: 'usr_ada' }),
      integration: server.docs.mintToken({ scheme: 'integration' }),
      'integration-installation': server.docs.mintToken({ scheme: 'integration-installation' }),
      'oauth:*': 'docs-dev-oauth-all',
      'oauth:': server.docs.mintToken({ scheme: 'oauth', userId: 'usr_ada', scopes: [] }),
    },
    self: 'usr_ada',
    otherUser: 'usr_brian',
    knownIds: new Set(Object.values(docsState).flatMap((records) => records.map((r) => r.id))),
  };

  const calendarState = server.calendar.store.state;
  const passwords = Object.fromEntries(
    calendarState.users.map((user) => [user.login, user.application_password ?? null]),
  );
  const headersOf = (login: string): Record<string, string>[] => [
    ...(passwords[login] ? [{ authorization: basic(login, passwords[login]) }] : []),
    { 'x-wp-nonce': server.calendar.mintNonce(login) },
  ];
  const calendar: CalendarWorld = {
    editor: [...headersOf('editor'), ...headersOf('admin')],
    subscriber: headersOf('subscriber'),
    passwords,
    eventPasswords: calendarState.events.flatMap((event) =>
      event.password ? [event.password] : [],
    ),
    posts: (['events', 'venues', 'organizers'] as const).flatMap((collection) =>
      calendarState[collection].map((post) => ({
        collection,
        id: post.id,
        slug: post.slug,
        status: post.status,
        password: 'password' in post && Boolean(post.password),
      })),
    ),
    terms: (['categories', 'tags'] as const).flatMap((taxonomy) =>
      calendarState[taxonomy].map((term) => ({ taxonomy, ...term })),
    ),
  };

  const apiKeys = Object.values(server.credentials().metering!);
  const openSession = async () => {
    const response = await server.fetch(`${ORIGIN}/v2/billing/meter_event_session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKeys[0]}` },
    });
    return ((await response.json()) as { authentication_token: string }).authentication_token;
  };
  // Sessions last 15 minutes: the first has expired once the clock has moved on.
  const expiredSession = await openSession();
  await server.clock.advance('16m');
  const metering: MeteringWorld = { apiKeys, activeSession: await openSession(), expiredSession };

  const mailState = server.inspect('mail') as { servers: { ID: number }[] };
  const mail: MailWorld = {
    accountToken: server.mail.accountToken,
    serverIds: mailState.servers.map((record) => record.ID),
  };

  const idmState = server.inspect('idm') as {
    clients: { client_id: string }[];
    logs: { log_id: string }[];
  };
  const { audience } = server.idm;
  const keySet = (await (await server.fetch(`${ORIGIN}/.well-known/jwks.json`)).json()) as {
    keys: (JWK & { kid: string })[];
  };
  const published = keySet.keys[0]!;
  // Everything a genuine token has, the server's kid included, but signed by another key or
  // (algorithm confusion) as HS256 keyed with the server's own public key.
  const lookalike = (alg: string) =>
    new SignJWT({ scope: 'read:clients read:logs', azp: 'idm_dev_full_access' })
      .setProtectedHeader({ alg, typ: 'JWT', kid: published.kid })
      .setIssuer(`${ORIGIN}/`)
      .setAudience(audience)
      .setIssuedAt(server.clock.date())
      .setExpirationTime(new Date(server.clock.now() + 3_600_000));
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const serverPublicPem = createPublicKey({ key: published, format: 'jwk' }).export({
    type: 'spki',
    format: 'pem',
  });
  const idm: IdmWorld = {
    tokens: {
      full: await server.idm.mintToken({ origin: ORIGIN }),
      readOnly: await server.idm.mintToken({
        origin: ORIGIN,
        scopes: ['read:clients', 'read:logs'],
      }),
      none: await server.idm.mintToken({ origin: ORIGIN, scopes: [] }),
      expired: await server.idm.mintToken({ origin: ORIGIN, expiresIn: '-1h' }),
      foreign: await lookalike('RS256').sign(otherKey),
      confused: await lookalike('HS256').sign(new TextEncoder().encode(String(serverPublicPem))),
      elsewhere: await server.idm.mintToken({ origin: 'http://elsewhere.test' }),
    },
    machine: server.idm.machineClients[0]!,
    audience,
    clientIds: idmState.clients.map((client) => client.client_id),
    logIds: idmState.logs.map((log) => log.log_id),
    logCount: idmState.logs.length,
    maxPageSize: 50,
  };
  return { docs, calendar, metering, mail, idm };
}

/**
 * What is wrong with an answer, or undefined: a failure, an acceptance of a request that must be
 * refused, or a refusal outside the interface's error format.
 */
async function judge(
  api: InterfaceName,
  target: string,
  response: Response,
  mustRefuse = true,
): Promise<string | undefined> {
  const text = await response.text();
  if (response.status >= 500) return `answered ${response.status}: ${text.slice(0, 200)}`;
  if (response.status < 400) {
    return mustRefuse ? `accepted with ${response.status}: ${text.slice(0, 200)}` : undefined;
  }
  if (!response.headers.get('content-type')?.startsWith('application/json'))
    return `content-type ${response.headers.get('content-type')}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `body is not JSON: ${text.slice(0, 200)}`;
  }
  const problem = errorFormats[api](response.status, body, new URL(target, ORIGIN).pathname);
  return problem && `${problem}: ${text.slice(0, 300)}`;
}

/** Requests the identity management audit log records: every mutating request under its paths. */
function audited(request: FuzzRequest): boolean {
  const path = new URL(request.target, ORIGIN).pathname;
  const under = path === '/api/v2' || path.startsWith('/api/v2/') || path === '/oauth/token';
  return (
    request.api === 'idm' && under && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)
  );
}

interface IdmLog {
  log_id: string;
  type: string;
  details?: { method?: string; status?: number };
}

describe('the reference server under malformed requests', () => {
  let server: ReferenceServer;
  const handlerFailures: string[] = [];

  beforeAll(async () => {
    server = await createReferenceServer({
      clock: { start: '2026-06-01T10:00:00Z', frozen: true },
      logError: (message, error) => handlerFailures.push(`${message}: ${String(error)}`),
    });
  });
  afterAll(() => server.close());

  it('10,000+ malformed requests across all five interfaces, aimed at every operation of their contracts: none answered 5xx, each refused in its interface error format, state unchanged', async () => {
    handlerFailures.length = 0;
    const started = Date.now();
    const worlds = await prepare(server);
    const generators: Record<InterfaceName, fc.Arbitrary<FuzzRequest>> = {
      docs: docsCases(worlds.docs),
      calendar: calendarCases(worlds.calendar),
      metering: meteringCases(worlds.metering),
      mail: mailCases(worlds.mail),
      idm: idmCases(worlds.idm),
    };
    const cases = APIS.map((api, index) =>
      fc.sample(generators[api], { seed: SEED + index, numRuns: PER_INTERFACE }),
    );
    const before = Object.fromEntries(APIS.map((api) => [api, server.inspect(api)]));

    const tally = () =>
      Object.fromEntries(APIS.map((api) => [api, 0])) as Record<InterfaceName, number>;
    const counts = tally();
    const huge = tally();
    const millis = tally();
    const kinds = new Map<string, number>();
    const violations: string[] = [];
    const auditedStatuses: { request: FuzzRequest; status: number }[] = [];
    const aimedAt = new Set<string>();
    // The interfaces take turns, so that a refusal in one cannot hide behind a run of another.
    const sendAll = async () => {
      for (let turn = 0; turn < PER_INTERFACE; turn++) {
        for (const batch of cases) {
          const request = batch[turn]!;
          aimedAt.add(operationOf(request, ORIGIN) ?? '');
          const sent = performance.now();
          const response = await server.fetch(toRequest(ORIGIN, request));
          counts[request.api] += 1;
          if (request.body !== undefined && typeof request.body !== 'string')
            huge[request.api] += 1;
          const kind = `${request.api}: ${request.kind}`;
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          const problem = await judge(request.api, request.target, response);
          millis[request.api] += performance.now() - sent;
          if (problem) violations.push(`${describeRequest(request)}\n    -> ${problem}`);
          // A body over the limit is refused where the interface is mounted, before its audit log.
          if (audited(request) && response.status !== 413) {
            auditedStatuses.push({ request, status: response.status });
          }
        }
      }
    };
    // About 12 s on an idle machine; the ceiling leaves room for a machine shared with busy work.
    await within(
      560_000,
      `all ${APIS.length * PER_INTERFACE} malformed requests answered`,
      sendAll(),
    );
    const after = Object.fromEntries(APIS.map((api) => [api, server.inspect(api)]));
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(
      `fuzz (seed ${SEED}): ${total} malformed requests in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        APIS.map(
          (api) =>
            `${api} ${counts[api]} (${huge[api]} with bodies of 10 kB to 2 MB, ${(millis[api] / 1000).toFixed(1)} s)`,
        ).join(', ') +
        '\n' +
        [...kinds.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([kind, count]) => `  ${kind}: ${count}`)
          .join('\n'),
    );

    expect(total).toBeGreaterThanOrEqual(10_000);
    // An operation added to a contract needs its cases in test/fuzz/<interface>.ts.
    const missed = contractRoutes.map((route) => route.operation).filter((id) => !aimedAt.has(id));
    expect(missed, 'operations no malformed request was aimed at').toEqual([]);
    expect(violations.length, violations.slice(0, 20).join('\n')).toBe(0);
    expect(handlerFailures).toEqual([]);
    for (const api of ['docs', 'calendar', 'metering', 'mail'] as const) {
      expect(after[api], `state of ${api}`).toEqual(before[api]);
    }
    // Identity management logs every mutating request that reaches it, refused ones included (as
    // failures); nothing else changes.
    const idmBefore = before.idm as { clients: unknown[]; logs: IdmLog[] };
    const idmAfter = after.idm as { clients: unknown[]; logs: IdmLog[] };
    expect(idmAfter.clients).toEqual(idmBefore.clients);
    expect(idmAfter.logs.slice(0, idmBefore.logs.length)).toEqual(idmBefore.logs);
    const added = idmAfter.logs.slice(idmBefore.logs.length);
    expect(added.map((log) => [log.type, log.details?.method, log.details?.status])).toEqual(
      auditedStatuses.map(({ request, status }) => [
        request.target.startsWith('/oauth/token') ? 'feccft' : 'fapi',
        request.method,
        status,
      ]),
    );
  }, 600_000);

  it('unusual but well-formed reads (odd encodings, extreme dates, page bounds) never fail, and a refusal is in the interface error format', async () => {
    handlerFailures.length = 0;
    const calendarSlugs = (['events', 'venues', 'organizers'] as const).flatMap((collection) =>
      server.calendar.store.state[collection].map((post) => post.slug),
    );
    const reads = fc.sample(
      edgeReads({
        docsToken: 'docs-dev-user-ada',
        idmToken: await server.idm.mintToken({ origin: ORIGIN }),
        mailToken: server.mail.accountToken,
        mailServerIds: [1, 2],
        calendarSlugs,
      }),
      { seed: SEED, numRuns: EDGE_READS },
    );
    const before = Object.fromEntries(APIS.map((api) => [api, server.inspect(api)]));
    const violations: string[] = [];
    for (const request of reads) {
      const problem = await judge(
        request.api,
        request.target,
        await server.fetch(toRequest(ORIGIN, request)),
        false,
      );
      if (problem) violations.push(`${describeRequest(request)}\n    -> ${problem}`);
    }
    expect(violations.length, violations.slice(0, 20).join('\n')).toBe(0);
    expect(handlerFailures).toEqual([]);
    expect(Object.fromEntries(APIS.map((api) => [api, server.inspect(api)]))).toEqual(before);
  }, 300_000);

  it('still answers well-formed requests of every interface afterwards', async () => {
    const get = (path: string, headers: Record<string, string>) =>
      server.fetch(`${ORIGIN}${path}`, { headers });
    const docs = await get('/v1/user', { authorization: 'Bearer docs-dev-user-ada' });
    expect(docs.status).toBe(200);
    expect(await docs.json()).toMatchObject({ id: 'usr_ada' });

    const events = await get('/wp-json/calendar/events/v1/events', {});
    expect(events.status).toBe(200);

    const session = await server.fetch(`${ORIGIN}/v2/billing/meter_event_session`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_clientkit_dev_key' },
    });
    expect(session.status).toBe(200);
    const { authentication_token } = (await session.json()) as { authentication_token: string };
    const stream = await server.fetch(`${ORIGIN}/v2/billing/meter_event_stream`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${authentication_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ events: [{ event_name: 'api_requests', payload: { value: '1' } }] }),
    });
    expect(stream.status).toBe(200);

    const mail = await get('/servers/1', { 'x-mail-account-token': server.mail.accountToken });
    expect(mail.status).toBe(200);

    const clients = await get('/api/v2/clients?per_page=5', {
      authorization: `Bearer ${await server.idm.mintToken({ origin: ORIGIN })}`,
    });
    expect(clients.status).toBe(200);
    expect(await clients.json()).toHaveLength(5);
  });
});
