import { brokenRules, formatReport } from './fault-soak/report';
import { runFaultSoak } from './fault-soak/run';
import { LONG_SOAK, SHORT_SOAK } from './fault-soak/settings';

// `pnpm soak`: the fault soak at length (issue 35). SOAK_SHORT=1 runs the short soak of `pnpm test`;
// SOAK_SEED replays a run's faults, SOAK_ROUNDS and SOAK_EVENTS change its size.
const base = process.env.SOAK_SHORT ? SHORT_SOAK : LONG_SOAK;
const randomSeed = () => Math.floor(Math.random() * 2 ** 32);
const numberFrom = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new RangeError(`${name} must be a whole number, not "${value}"`);
  }
  return parsed;
};
const settings = {
  ...base,
  rounds: numberFrom('SOAK_ROUNDS', base.rounds),
  streamEvents: numberFrom('SOAK_EVENTS', base.streamEvents),
  seed: numberFrom('SOAK_SEED', process.env.SOAK_SHORT ? SHORT_SOAK.seed : randomSeed()),
};
console.log(`fault soak, seed ${settings.seed} (SOAK_SEED=${settings.seed} replays its faults)`);
// Progress goes to stderr, the report to stdout, as in the rest of the bench.
const report = await runFaultSoak(settings, (line) => console.error(line));
console.log(formatReport(report));
process.exitCode = brokenRules(report).length === 0 ? 0 : 1;
