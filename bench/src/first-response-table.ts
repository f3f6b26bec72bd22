import type { FirstResponse } from './first-response';
import { numberCell, ratioCell } from './table';

export const FIRST_RESPONSE_HEAD = [
  'program',
  'wall time',
  'over bare node',
  'import (in process)',
  'build + first call (in process)',
  'compared with',
  'over bare node, clientkit / peer',
  'clientkit - peer',
];

const ms = (value: number | undefined, note?: string) =>
  value === undefined ? (note ?? '') : `${numberCell(value, 0)} ms`;

/** `+12 ms` or `-3 ms`. */
function signedMs(value: number): string {
  const text = value.toFixed(0);
  return text.startsWith('-') && text !== '-0' ? `${text} ms` : `+${text.replace('-', '')} ms`;
}

/** The rows of the first-response table, each of ours beside the program it is compared with. */
export function firstResponseRows(
  results: FirstResponse[],
  peers: Record<string, string>,
): string[][] {
  const byName = new Map(results.map((r) => [r.name, r]));
  return results.map((r) => {
    const peerName = peers[r.name];
    const peer = peerName ? byName.get(peerName) : undefined;
    const both = r.overBareNodeMs !== undefined && peer?.overBareNodeMs !== undefined;
    return [
      r.name,
      ms(r.wallMs, r.note),
      ms(r.overBareNodeMs),
      ms(r.importMs),
      ms(r.callMs),
      peerName ?? '',
      peer ? ratioCell(r.overBareNodeMs, peer.overBareNodeMs) : '',
      both ? signedMs(r.overBareNodeMs! - peer.overBareNodeMs!) : '',
    ];
  });
}
