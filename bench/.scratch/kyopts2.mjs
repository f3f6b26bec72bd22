import ky from 'ky';

const body = JSON.stringify({
  id: 'x',
  object: 'space',
  title: 'Handbook',
  items: Array.from({ length: 5 }, (_, i) => ({ i, name: `n${i}` })),
});
const rh = { 'content-type': 'application/json' };
const canned = async () => new Response(body, { status: 200, headers: rh });
const url = 'http://127.0.0.1:4010/v1/spaces/space_handbook';
const headers = { authorization: 'Bearer t', accept: 'application/json' };
const retry = {
  limit: 2,
  methods: ['get', 'head', 'options', 'put', 'delete'],
  statusCodes: [408, 409, 429, 500, 502, 503, 504],
  afterStatusCodes: [408, 409, 429, 500, 502, 503, 504],
  maxRetryAfter: 60000,
  backoffLimit: 8000,
  delay: (n) => n,
  jitter: (d) => d,
  retryOnTimeout: true,
  shouldRetry: () => undefined,
};
const hooks = { beforeRetry: [() => {}] };
const inst = ky.create({
  prefixUrl: 'http://127.0.0.1:4010/v1/',
  timeout: 60000,
  fetch: canned,
  headers: { accept: 'application/json', 'user-agent': 'clientkit/1' },
  hooks,
});
const variants = {
  bare: () => ky(url, { method: 'GET', headers, fetch: canned }).json(),
  retryNum: () => ky(url, { method: 'GET', headers, fetch: canned, retry: 2 }).json(),
  retrySmall: () => ky(url, { method: 'GET', headers, fetch: canned, retry: { limit: 2 } }).json(),
  retryNoMethods: () => {
    const { methods, ...r } = retry;
    return ky(url, { method: 'GET', headers, fetch: canned, retry: r }).json();
  },
  retry: () => ky(url, { method: 'GET', headers, fetch: canned, retry }).json(),
  retryFresh: () => ky(url, { method: 'GET', headers, fetch: canned, retry: { ...retry } }).json(),
  hooks: () => ky(url, { method: 'GET', headers, fetch: canned, hooks }).json(),
  hooksEmpty: () => ky(url, { method: 'GET', headers, fetch: canned, hooks: {} }).json(),
};
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
async function per(call, n) {
  const s = cpu();
  for (let i = 0; i < n; i++) await call();
  return (cpu() - s) / n;
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const names = Object.keys(variants);
for (const n of names) for (let i = 0; i < 1500; i++) await variants[n]();
const s = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < 15; r++)
  for (let i = 0; i < names.length; i++) {
    const n = names[(i + r) % names.length];
    s[n].push(await per(variants[n], 300));
  }
const base = med(s.bare);
for (const n of names)
  console.log(n.padEnd(10), med(s[n]).toFixed(1), (med(s[n]) - base).toFixed(1));
