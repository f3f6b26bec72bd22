import { calendarClient, docsClient, idmClient, mailClient, reasonOf } from './ours';
import { type CallCase, type CallResult, measurePerCall } from './per-call';

interface Captured {
  url: string;
  init: RequestInit;
}

type Operation = (fetchImpl?: typeof fetch) => Promise<unknown>;

/**
 * Records the exact request a client call sends (URL, method, headers, body), so that the raw-fetch
 * baseline sends byte for byte the same request and parses the same JSON answer.
 */
async function captureRequest(call: Operation): Promise<Captured> {
  let captured: Captured | undefined;
  await call(async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.clone().text() : undefined;
    captured = {
      url: request.url,
      init: { method: request.method, headers: Object.fromEntries(request.headers), body },
    };
    return fetch(request);
  });
  if (!captured) throw new Error('the client call sent no request');
  return captured;
}

const replay = (captured: Captured) => async () => {
  const response = await fetch(captured.url, captured.init);
  if (!response.ok) throw new Error(`${captured.init.method} ${captured.url}: ${response.status}`);
  return response.status === 204 ? undefined : response.json();
};

/** Our calls against the reference server at `origin`, each with a client built once. */
function operations(origin: string, idmToken: string): [string, Operation][] {
  const update = { title: 'Robot handbook (bench)' };
  const build = <T>(
    make: (o: { origin: string; fetch?: typeof fetch; idmToken: string }) => Promise<T>,
  ) => {
    let shared: Promise<T> | undefined;
    return (f?: typeof fetch) =>
      f ? make({ origin, fetch: f, idmToken }) : (shared ??= make({ origin, idmToken }));
  };
  const docs = build(docsClient);
  const calendar = build(calendarClient);
  const idm = build(idmClient);
  const mail = build(mailClient);
  return [
    ['docs.spaces.get', async (f) => (await docs(f)).spaces.get('space_handbook')],
    ['docs.spaces.update', async (f) => (await docs(f)).spaces.update('space_handbook', update)],
    ['calendar.events.list', async (f) => (await calendar(f)).events.list({ per_page: 10 })],
    ['idm.clients.list', async (f) => (await idm(f)).clients.list()],
    ['mail.servers.get', async (f) => (await mail(f)).servers.get(1)],
  ];
}

export type LatencyResult = CallResult | { name: string; note: string };

/**
 * Loopback latency of each of our calls against hand-written fetch sending the same request, the
 * two alternating call by call. An operation whose client cannot be built or called is reported
 * with the reason.
 */
export async function benchLatency(
  origin: string,
  idmToken: string,
  iterations: number,
  warmup: number,
): Promise<LatencyResult[]> {
  const results: LatencyResult[] = [];
  for (const [name, call] of operations(origin, idmToken)) {
    let callCase: CallCase;
    try {
      callCase = { name, sdk: () => call(), raw: replay(await captureRequest(call)) };
      await callCase.sdk();
    } catch (error) {
      results.push({ name, note: reasonOf(error) });
      continue;
    }
    results.push(...(await measurePerCall([callCase], iterations, warmup)));
  }
  return results;
}
