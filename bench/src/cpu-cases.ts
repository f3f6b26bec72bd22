import ky from 'ky';
import { type CannedAnswer, cannedFetch, jsonAnswer } from './canned-fetch';
import {
  calendarClient,
  DEV,
  docsClient,
  idmClient,
  mailClient,
  meteringClient,
  reasonOf,
} from './ours';
import { auth0, gitbook, postmark, stripeOnFetch } from './peers';
import { type Contestant, type CpuCase, isUnavailable, type Unavailable } from './per-call-cpu';

/** The origin the canned clients are given; nothing is ever sent there. */
const ORIGIN = 'http://127.0.0.1:4010';

/** The real answers of the reference server to the requests measured, so parsing costs are real. */
export interface CapturedAnswers {
  space: CannedAnswer;
  spaceUsers: CannedAnswer;
  event: CannedAnswer;
  eventId: number;
  events: CannedAnswer;
  server: CannedAnswer;
  client: CannedAnswer;
  clientId: string;
  clients: CannedAnswer;
  session: CannedAnswer;
}

async function answerOf(response: Response): Promise<CannedAnswer> {
  if (!response.ok) throw new Error(`capturing ${response.url}: ${response.status}`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['x-wp-total', 'x-wp-totalpages', 'link', 'service-version']) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  return { status: response.status, body: await response.text(), headers };
}

/** Asks the reference server (at `origin`) once for each answer the canned fetches will give. */
export async function captureAnswers(origin: string, idmToken: string): Promise<CapturedAnswers> {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { headers }).then(answerOf);
  const docs = { authorization: `Bearer ${DEV.docsToken}` };
  const idm = { authorization: `Bearer ${idmToken}` };
  const events = await get('/wp-json/calendar/events/v1/events?per_page=10');
  const eventId = (JSON.parse(events.body) as { events: { id: number }[] }).events[0]!.id;
  const clients = await get('/api/v2/clients', idm);
  const clientId = (JSON.parse(clients.body) as { client_id: string }[])[0]!.client_id;
  const session = await fetch(`${origin}/v2/billing/meter_event_session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEV.meteringKey}` },
  }).then(answerOf);
  return {
    space: await get('/v1/spaces/space_handbook', docs),
    spaceUsers: await get('/v1/spaces/space_handbook/permissions/users', docs),
    event: await get(`/wp-json/calendar/events/v1/events/${eventId}`),
    eventId,
    events,
    server: await get('/servers/1', { 'x-mail-account-token': DEV.mailAccountToken }),
    client: await get(`/api/v2/clients/${clientId}`, idm),
    clientId,
    clients,
    session,
  };
}

type Call = () => Promise<unknown>;

/** What one operation is on the wire, for the bare ky and raw fetch contestants. */
interface Wire {
  method: 'GET' | 'POST';
  path: string;
  search?: string;
  headers: Record<string, string>;
}

interface CaseSpec {
  operation: string;
  wire: Wire;
  answer: CannedAnswer;
  ours: (fetchImpl: typeof fetch) => Promise<Call>;
  peer?: { name: string; build: (fetchImpl: typeof fetch) => Call };
}

const AUTH0_TOKEN: CannedAnswer = jsonAnswer({
  access_token: 'bench-access-token',
  token_type: 'Bearer',
  expires_in: 86_400,
});

function cannedFor(answer: CannedAnswer) {
  return cannedFetch({ default: answer, 'POST /oauth/token': AUTH0_TOKEN });
}

async function oursContestant(spec: CaseSpec): Promise<Contestant | Unavailable> {
  const canned = cannedFor(spec.answer);
  try {
    return { name: 'clientkit', call: await spec.ours(canned.fetch), canned };
  } catch (error) {
    return { name: 'clientkit', unavailable: reasonOf(error) };
  }
}

/** The headers of our client's request, so that ky and raw fetch send the same request. */
async function headersSentBy(
  ours: Contestant | Unavailable,
): Promise<Record<string, string> | undefined> {
  if (isUnavailable(ours)) return undefined;
  try {
    await ours.call();
  } catch {
    return undefined; // the check before timing reports it
  }
  const headers = ours.canned.headersSeen[0];
  ours.canned.reset();
  return headers;
}

/** `ky(url, { method, headers, json, fetch })`, as a user of ky alone would write it. */
function kyContestant(spec: CaseSpec): Contestant {
  const canned = cannedFor(spec.answer);
  const url = `${ORIGIN}${spec.wire.path}${spec.wire.search ?? ''}`;
  const { method, headers } = spec.wire;
  const call = () => ky(url, { method, headers, fetch: canned.fetch }).json();
  return { name: 'bare ky', call, canned };
}

/** fetch, a status check and `json()`: the floor every client is compared with. */
function rawContestant(spec: CaseSpec): Contestant {
  const canned = cannedFor(spec.answer);
  const url = `${ORIGIN}${spec.wire.path}${spec.wire.search ?? ''}`;
  const init = { method: spec.wire.method, headers: spec.wire.headers };
  const call = async () => {
    const response = await canned.fetch(url, init);
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  return { name: 'raw fetch', call, canned };
}

function peerContestant(spec: CaseSpec): Contestant | Unavailable | undefined {
  if (!spec.peer) return undefined;
  const canned = cannedFor(spec.answer);
  try {
    return { name: spec.peer.name, call: spec.peer.build(canned.fetch), canned };
  } catch (error) {
    return { name: spec.peer.name, unavailable: reasonOf(error) };
  }
}

function caseSpecs(answers: CapturedAnswers): CaseSpec[] {
  const docs = { authorization: `Bearer ${DEV.docsToken}`, accept: 'application/json' };
  const idm = { authorization: 'Bearer bench-token', accept: 'application/json' };
  const mail = { 'x-mail-account-token': DEV.mailAccountToken, accept: 'application/json' };
  const calendar = { accept: 'application/json' };
  const origin = { origin: ORIGIN };
  return [
    {
      operation: 'docs.spaces.get',
      wire: { method: 'GET', path: '/v1/spaces/space_handbook', headers: docs },
      answer: answers.space,
      ours: async (f) => {
        const client = await docsClient({ ...origin, fetch: f });
        return () => client.spaces.get('space_handbook');
      },
      peer: {
        name: '@gitbook/api',
        build: (f) => {
          const api = gitbook(ORIGIN, DEV.docsToken, f);
          return () => api.spaces.getSpaceById('space_handbook');
        },
      },
    },
    {
      operation: 'docs.spaces.permissions.listUsers (page)',
      wire: { method: 'GET', path: '/v1/spaces/space_handbook/permissions/users', headers: docs },
      answer: answers.spaceUsers,
      ours: async (f) => {
        const client = await docsClient({ ...origin, fetch: f });
        return () => client.spaces.permissions.listUsers('space_handbook');
      },
      peer: {
        name: '@gitbook/api',
        build: (f) => {
          const api = gitbook(ORIGIN, DEV.docsToken, f);
          return () => api.spaces.listUserPermissionsInSpace('space_handbook');
        },
      },
    },
    {
      operation: 'calendar.events.get',
      wire: {
        method: 'GET',
        path: `/wp-json/calendar/events/v1/events/${answers.eventId}`,
        headers: calendar,
      },
      answer: answers.event,
      ours: async (f) => {
        const client = await calendarClient({ ...origin, fetch: f });
        return () => client.events.get(answers.eventId);
      },
    },
    {
      operation: 'calendar.events.list (page)',
      wire: {
        method: 'GET',
        path: '/wp-json/calendar/events/v1/events',
        search: '?per_page=10',
        headers: calendar,
      },
      answer: answers.events,
      ours: async (f) => {
        const client = await calendarClient({ ...origin, fetch: f });
        return () => client.events.list({ per_page: 10 });
      },
    },
    {
      operation: 'mail.servers.get',
      wire: { method: 'GET', path: '/servers/1', headers: mail },
      answer: answers.server,
      ours: async (f) => {
        const client = await mailClient({ ...origin, fetch: f });
        return () => client.servers.get(1);
      },
      peer: {
        name: 'postmark',
        build: (f) => {
          const client = postmark(ORIGIN, DEV.mailAccountToken, f);
          return () => client.getServer(1);
        },
      },
    },
    {
      operation: 'idm.clients.get',
      wire: { method: 'GET', path: `/api/v2/clients/${answers.clientId}`, headers: idm },
      answer: answers.client,
      ours: async (f) => {
        const client = await idmClient({ ...origin, fetch: f });
        return () => client.clients.get(answers.clientId);
      },
      peer: {
        name: 'auth0',
        build: (f) => {
          const management = auth0(ORIGIN, f);
          return () => management.clients.get(answers.clientId);
        },
      },
    },
    {
      operation: 'idm.clients.list (page)',
      wire: { method: 'GET', path: '/api/v2/clients', headers: idm },
      answer: answers.clients,
      ours: async (f) => {
        const client = await idmClient({ ...origin, fetch: f });
        return () => client.clients.list();
      },
      peer: {
        name: 'auth0',
        build: (f) => {
          const management = auth0(ORIGIN, f);
          return () => management.clients.list();
        },
      },
    },
    {
      operation: 'metering.sessions.create',
      wire: {
        method: 'POST',
        path: '/v2/billing/meter_event_session',
        headers: { authorization: `Bearer ${DEV.meteringKey}`, accept: 'application/json' },
      },
      answer: answers.session,
      ours: async (f) => {
        const client = await meteringClient({ ...origin, fetch: f });
        return () => client.sessions.create();
      },
      peer: {
        name: 'stripe (fetch)',
        build: (f) => {
          const stripe = stripeOnFetch(ORIGIN, DEV.meteringKey, f);
          return () => stripe.v2.billing.meterEventSession.create();
        },
      },
    },
  ];
}

/** Every per-call CPU case: ours, bare ky, raw fetch and the official SDK on one canned answer each. */
export async function cpuCases(answers: CapturedAnswers): Promise<CpuCase[]> {
  const cases: CpuCase[] = [];
  for (const given of caseSpecs(answers)) {
    const ours = await oursContestant(given);
    // Bare ky and raw fetch send the headers our client sends (user agent, credentials,
    // Service-Version, Idempotency-Key): the same request, so the figures compare the work around it.
    const sent = await headersSentBy(ours);
    const spec = sent ? { ...given, wire: { ...given.wire, headers: sent } } : given;
    const contestants: (Contestant | Unavailable)[] = [
      ours,
      kyContestant(spec),
      rawContestant(spec),
    ];
    const peer = peerContestant(spec);
    if (peer) contestants.push(peer);
    cases.push({
      operation: spec.operation,
      expect: `${spec.wire.method} ${spec.wire.path}`,
      contestants,
    });
  }
  return cases;
}
