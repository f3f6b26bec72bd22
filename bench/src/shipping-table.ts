import type { FirstResponse } from './first-response';
import type { ShippedResult } from './shipping';
import { numberCell, ratioCell } from './table';

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

/** `1.07x (+8 ms)`: the wall time of `ours` against `theirs`, as a ratio and a difference. */
export function againstCell(ours: FirstResponse | undefined, theirs: FirstResponse | undefined) {
  if (ours?.wallMs === undefined || theirs?.wallMs === undefined) return '';
  const difference = Math.round(ours.wallMs - theirs.wallMs);
  const sign = difference < 0 ? '-' : '+';
  return `${ratioCell(ours.wallMs, theirs.wallMs)} (${sign}${Math.abs(difference)} ms)`;
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
