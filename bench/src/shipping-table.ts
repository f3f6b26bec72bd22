import type { FirstResponse } from './first-response';
import type { ShippedResult } from './shipping';
import { formatRatio, median } from './stats';
import { numberCell } from './table';

export const SHIPPING_HEAD = [
  'program',
  'shipped as',
  'wall time',
  'CPU to the answer',
  'CPU against fetch',
  'compared with',
  'CPU against it, shipped alike',
];

const ms = (value: number | undefined, note?: string) =>
  value === undefined ? (note ?? '') : `${numberCell(value, 0)} ms`;

/**
 * `1.07x (+8 ms)`: the CPU time of `ours` to its answer against `theirs`, run by run (both ran in
 * every run, one after the other): the median of the ratios and of the differences.
 */
export function againstCell(ours: FirstResponse | undefined, theirs: FirstResponse | undefined) {
  const a = ours?.samples;
  const b = theirs?.samples;
  if (!a || !b || a.length !== b.length || a.length === 0) return '';
  const ratio = median(a.map((sample, run) => sample.cpuMs / b[run]!.cpuMs));
  const difference = Math.round(median(a.map((sample, run) => sample.cpuMs - b[run]!.cpuMs)));
  const sign = difference < 0 ? '-' : '+';
  return `${formatRatio(ratio)} (${sign}${Math.abs(difference)} ms)`;
}

/**
 * A row per program and way of shipping it: its wall time and CPU time to the answer, and the CPU
 * time against raw fetch as written and against its peer (`peers`) shipped the same way.
 */
export function shippingRows(
  bare: FirstResponse,
  shipped: ShippedResult[],
  floor: string,
  peers: Record<string, string>,
): string[][] {
  const find = (program: string, shipping: string) =>
    shipped.find((s) => s.program === program && s.shipping === shipping)?.result;
  const fetchResult = find(floor, 'plain');
  return [
    [bare.name, '', ms(bare.wallMs), ms(bare.cpuMs), '', '', ''],
    ...shipped.map(({ program, shipping, result }) => {
      const peer = peers[program];
      return [
        program,
        shipping,
        ms(result.wallMs, result.note),
        ms(result.cpuMs),
        program === floor ? '' : againstCell(result, fetchResult),
        peer ?? '',
        peer ? againstCell(result, find(peer, shipping)) : '',
      ];
    }),
  ];
}
