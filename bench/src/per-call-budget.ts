/** Issue 33's per-call budget against bare ky, in µs of CPU per call, on Node 24. */
export const KY_BUDGET_US = 25;

/** The official SDKs whose own cost per call ours must not exceed, on every runtime. */
export const BUDGET_SDKS = ['auth0', 'stripe'];

export interface PerCallFigures {
  /** clientkit's µs over raw fetch minus bare ky's. */
  oursOverKy: number | undefined;
  oursOverRaw: number | undefined;
  /** The official SDK of the row, as the table names it (`stripe (fetch)`). */
  peerName: string | undefined;
  peerOverRaw: number | undefined;
  /** True on the runtime the ky budget is set for (Node 24). */
  kyBudgetApplies: boolean;
}

/** The verdicts of one operation against the budgets that apply to it, or `—` when none does. */
export function perCallVerdict(figures: PerCallFigures): string {
  const verdicts: string[] = [];
  if (figures.kyBudgetApplies) verdicts.push(kyVerdict(figures.oursOverKy));
  const sdk = figures.peerName?.split(' ')[0];
  if (sdk && BUDGET_SDKS.includes(sdk)) {
    verdicts.push(sdkVerdict(sdk, figures.oursOverRaw, figures.peerOverRaw));
  }
  return verdicts.length > 0 ? verdicts.join('; ') : '—';
}

function kyVerdict(oursOverKy: number | undefined): string {
  if (oursOverKy === undefined) return `ky + ${KY_BUDGET_US} µs: n/a`;
  if (oursOverKy <= KY_BUDGET_US) return `within ky + ${KY_BUDGET_US} µs`;
  return `over ky + ${KY_BUDGET_US} µs by ${(oursOverKy - KY_BUDGET_US).toFixed(1)} µs`;
}

function sdkVerdict(sdk: string, ours: number | undefined, peer: number | undefined): string {
  if (ours === undefined || peer === undefined) return `${sdk}: n/a`;
  if (ours <= peer) return `at or under ${sdk}`;
  return `over ${sdk} by ${(ours - peer).toFixed(1)} µs`;
}

/** True on Node 24, where the ky budget is set. */
export const kyBudgetAppliesOn = (nodeVersion: string) => nodeVersion.split('.')[0] === '24';
