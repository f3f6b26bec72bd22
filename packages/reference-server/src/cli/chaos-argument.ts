import { type ChaosKind, type ChaosOptions, checkChaos } from '../faults/chaos';
import type { Latency } from '../faults/latency';

/** A value of `--chaos` that cannot be used; the message names the setting. */
export class ChaosArgumentError extends Error {
  override name = 'ChaosArgumentError';
}

const settingNames = ['rate', 'kinds', 'seed', 'paths', 'latencyMs'] as const;
type SettingName = (typeof settingNames)[number];

/** A number as written on the command line: digits, not an empty string that Number reads as 0. */
function numberOf(name: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) {
    throw new ChaosArgumentError(`${name} must be a number, not "${text}"`);
  }
  return value;
}

function kindOf(text: string): ChaosKind {
  return /^\d+$/.test(text) ? Number(text) : (text as ChaosKind);
}

/** `2000` (milliseconds) or `500-2000` (a range to draw from). */
function latencyOf(text: string): Latency {
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  return numberOf('latencyMs', text);
}

function settingsOf(text: string): Map<SettingName, string> {
  const settings = new Map<SettingName, string>();
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    const name = (at === -1 ? pair : pair.slice(0, at)).trim() as SettingName;
    if (!settingNames.includes(name)) {
      throw new ChaosArgumentError(
        `unknown setting "${name}" (known settings: ${settingNames.join(', ')})`,
      );
    }
    if (at === -1) throw new ChaosArgumentError(`${name} needs a value: ${name}=...`);
    if (settings.has(name)) throw new ChaosArgumentError(`${name} is given twice`);
    settings.set(name, pair.slice(at + 1).trim());
  }
  return settings;
}

/**
 * Reads `--chaos rate=0.1,kinds=503|reset|malformed,seed=7,paths=/v1|/api/v2,latencyMs=500-2000`
 * into chaos options, checked as `faults.chaos` checks them; throws a ChaosArgumentError naming the
 * setting that cannot be used.
 */
export function parseChaosArgument(text: string): ChaosOptions {
  const settings = settingsOf(text);
  const rate = settings.get('rate');
  if (rate === undefined) throw new ChaosArgumentError('rate is required: rate=0.1');
  const options: ChaosOptions = { rate: numberOf('rate', rate) };
  const kinds = settings.get('kinds');
  if (kinds !== undefined) options.kinds = kinds.split('|').map(kindOf);
  const seed = settings.get('seed');
  if (seed !== undefined) options.seed = numberOf('seed', seed);
  const paths = settings.get('paths');
  if (paths !== undefined) options.paths = paths.split('|');
  const latency = settings.get('latencyMs');
  if (latency !== undefined) options.latencyMs = latencyOf(latency);
  try {
    checkChaos(options);
  } catch (error) {
    throw new ChaosArgumentError((error as Error).message);
  }
  return options;
}

/** Chaos options as one line of the banner. */
export function describeChaos(options: {
  rate: number;
  kinds: ChaosKind[];
  seed: number;
  paths: string[];
}): string {
  const share = `${Math.round(options.rate * 1000) / 10}%`;
  return `Chaos: ${share} of requests under ${options.paths.join(', ')} get one of ${options.kinds.join(', ')} (seed ${options.seed})`;
}
