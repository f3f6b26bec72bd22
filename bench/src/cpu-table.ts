import { KY_BUDGET_US, perCallVerdict } from './per-call-budget';
import type { CpuCase, CpuFigure } from './per-call-cpu';
import { numberCell, ratioCell } from './table';

const PEER_COLUMN_EMPTY = '—';

/** `+12.3` or `-4.5`; a difference that rounds to zero is `+0.0`, never `-0.0`. */
function signed(us: number): string {
  const text = us.toFixed(1);
  return text.startsWith('-') && text !== '-0.0' ? text : `+${text.replace('-', '')}`;
}

/**
 * The row of one operation: µs per call of each contestant, then what ours adds, the ratios and
 * the verdicts of the budgets (the ky budget only where `kyBudgetApplies`).
 */
export function cpuRow(
  cpuCase: CpuCase,
  figures: CpuFigure[],
  { kyBudgetApplies }: { kyBudgetApplies: boolean },
): string[] {
  const byName = new Map(figures.map((f) => [f.name, f]));
  const ours = byName.get('clientkit');
  const ky = byName.get('bare ky');
  const raw = byName.get('raw fetch');
  const peer = figures.find((f) => !['clientkit', 'bare ky', 'raw fetch'].includes(f.name));
  const over = (figure: CpuFigure | undefined) => {
    const us = overRaw(figure, raw);
    return us === undefined ? 'n/a' : signed(us);
  };
  const oursOverRaw = overRaw(ours, raw);
  const kyOverRaw = overRaw(ky, raw);
  const oursOverKy =
    oursOverRaw === undefined || kyOverRaw === undefined ? undefined : oursOverRaw - kyOverRaw;
  const verdict = perCallVerdict({
    oursOverKy,
    oursOverRaw,
    peerName: peer?.name,
    peerOverRaw: overRaw(peer, raw),
    kyBudgetApplies,
  });
  return [
    cpuCase.operation,
    numberCell(ours?.usPerCall, 1, ours?.note),
    numberCell(ky?.usPerCall, 1, ky?.note),
    numberCell(raw?.usPerCall, 1, raw?.note),
    peer ? `${peer.name}: ${numberCell(peer.usPerCall, 1, peer.note)}` : PEER_COLUMN_EMPTY,
    over(ours),
    over(ky),
    peer ? over(peer) : PEER_COLUMN_EMPTY,
    peer ? ratioCell(ours?.usPerCall, peer.usPerCall) : PEER_COLUMN_EMPTY,
    ratioCell(ours?.usPerCall, ky?.usPerCall),
    oursOverKy === undefined ? 'n/a' : signed(oursOverKy),
    verdict,
  ];
}

/** What a contestant adds over raw fetch: the paired figure when measured, else the medians' difference. */
function overRaw(figure: CpuFigure | undefined, raw: CpuFigure | undefined): number | undefined {
  if (figure?.overRaw !== undefined) return figure.overRaw;
  if (figure?.usPerCall === undefined || raw?.usPerCall === undefined) return undefined;
  return figure.usPerCall - raw.usPerCall;
}

export const CPU_HEAD = [
  'operation',
  'clientkit µs',
  'bare ky µs',
  'raw fetch µs',
  'official SDK µs',
  'clientkit over raw',
  'ky over raw',
  'SDK over raw',
  'clientkit / SDK',
  'clientkit / ky',
  'clientkit over ky',
  `budget (ky + ${KY_BUDGET_US} µs on Node 24; auth0, stripe)`,
];
