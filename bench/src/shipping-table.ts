import type { FirstResponse } from './first-response';
import type { ShippedResult } from './shipping';
import { formatRatio, median } from './stats';
import { numberCell } from './table';

export const SHIPPING_HEAD = [
  'program',
  'shipped as',
  'wall time',
  'over bare node',
  'against fetch',
  'compared with',
  'against it, shipped alike',
];

const ms = (value: number | undefined, note?: string) =>
  value === undefined ? (note ?? '') : `${numberCell(value, 0)} ms`;

/**
 * `1.07x (+8 ms)`: the wall time of `ours` against `theirs`, run by run (both ran in every run, one
 * after the other, so a busy moment of the machine weighs on both sides): the median of the ratios
 * and of the differences.
 */
export function againstCell(ours: FirstResponse | undefined, theirs: FirstResponse | undefined) {
  const a = ours?.wallSamplesMs;
  const b = theirs?.wallSamplesMs;
  if (!a || !b || a.length !== b.length || a.length === 0) return '';
  const ratio = median(a.map((value, run) => value / b[run]!));
  const difference = Math.round(median(a.map((value, run) => value - b[run]!)));
  const sign = difference < 0 ? '-' : '+';
  return `${formatRatio(ratio)} (${sign}${Math.abs(difference)} ms)`;
}

/**
 * A row per program and way of shipping it: its wall time, over the same process doing nothing,
 * against raw fetch as written, and against its peer (`peers`) shipped the same way.
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
    [bare.name, '', ms(bare.wallMs), '0 ms', '', '', ''],
    ...shipped.map(({ program, shipping, result }) => {
      const peer = peers[program];
      return [
        program,
        shipping,
        ms(result.wallMs, result.note),
        ms(result.overBareNodeMs),
        program === floor ? '' : againstCell(result, fetchResult),
        peer ?? '',
        peer ? againstCell(result, find(peer, shipping)) : '',
      ];
    }),
  ];
}
