// Throwaway: where a door call spends its CPU beyond bare ky, canned fetch.
const { DocsClient } = await import('@clientkit/docs-client');
const ky = (await import('ky')).default;
const body = JSON.stringify({ id: 'space_1', title: 'Handbook', visibility: 'public', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', urls: { app: 'https://x', published: null } });
const canned = async () => new Response(body, { headers: { 'content-type': 'application/json' } });
const docs = new DocsClient({ baseUrl: 'https://docs.example', token: 'tok', fetch: canned });
const N = Number(process.env.N ?? 20000);
const which = process.env.W ?? 'both';
async function ours() { for (let i = 0; i < N; i++) await docs.spaces.get('space_1'); }
async function bare() { for (let i = 0; i < N; i++) await ky('https://docs.example/v1/spaces/space_1', { method: 'GET', headers: { authorization: 'Bearer tok' }, fetch: canned }).json(); }
for (let r = 0; r < 3; r++) { if (which !== 'ky') await ours(); if (which !== 'ours') await bare(); }
const t = (fn) => async () => { const c = process.cpuUsage(); await fn(); const u = process.cpuUsage(c); return (u.user + u.system) / N; };
const res = { ours: [], ky: [] };
for (let r = 0; r < 5; r++) { if (which !== 'ky') res.ours.push(await t(ours)()); if (which !== 'ours') res.ky.push(await t(bare)()); }
console.log(JSON.stringify(res, (k, v) => typeof v === 'number' ? +v.toFixed(1) : v));
