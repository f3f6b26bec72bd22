import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
for (let i = 0; i < p.samples.length; i++) { const n = byId.get(p.samples[i]); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key) ?? 0) + dt[i]); total += dt[i]; }
// inclusive
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (let i = 0; i < p.samples.length; i++) { let id = p.samples[i]; const seen = new Set(); while (id !== undefined) { const n = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; if (!seen.has(key)) { incl.set(key, (incl.get(key) ?? 0) + dt[i]); seen.add(key); } id = parent.get(id); } }
console.log('total ms', (total / 1000).toFixed(0));
console.log('--- self top');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, +(process.argv[3] ?? 30))) console.log((v / 1000).toFixed(1).padStart(8), k);
console.log('--- inclusive top');
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, +(process.argv[4] ?? 40))) console.log((v / 1000).toFixed(1).padStart(8), k);
