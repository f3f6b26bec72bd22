import type { ContractViolation, UnknownOperation } from '../contract-check/violation';

/** How many violations, and how many unknown operations, the proxy keeps: the latest. */
const KEPT = 1000;

/** What the proxy has found, the latest 1,000 of each kind. */
export interface ViolationLog {
  violations(): ContractViolation[];
  unknownOperations(): UnknownOperation[];
  addViolation(violation: ContractViolation): void;
  addUnknown(unknown: UnknownOperation): void;
  clear(): void;
}

export function violationLog(): ViolationLog {
  let violations: ContractViolation[] = [];
  let unknown: UnknownOperation[] = [];
  const keepLatest = <T>(list: T[], entry: T) => {
    list.push(entry);
    if (list.length > KEPT) list.shift();
  };
  return {
    violations: () => [...violations],
    unknownOperations: () => [...unknown],
    addViolation: (violation) => keepLatest(violations, violation),
    addUnknown: (entry) => keepLatest(unknown, entry),
    clear() {
      violations = [];
      unknown = [];
    },
  };
}
