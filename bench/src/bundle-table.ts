import { ratioCell } from './table';

/** Our packages and the official SDK each is compared with. */
const OUR_PACKAGES: [string, string | undefined][] = [
  ['@clientkit/docs-client', '@gitbook/api'],
  ['@clientkit/calendar-client', undefined],
  ['@clientkit/metering-client', 'stripe'],
  ['@clientkit/mail-client', 'postmark'],
  ['@clientkit/idm-client', 'auth0'],
];

/** One program's figures, as `scripts/size.mjs --json` prints them. */
export interface BundleSize {
  name: string;
  platform: string;
  minified: number;
  gzip: number;
  peer?: boolean;
}

export const BUNDLE_HEAD = [
  'package',
  'minified',
  'gzip',
  'alarm',
  'official SDK',
  'gzip, clientkit / SDK',
];

const bytes = (count: number) => `${count.toLocaleString('en')} B`;

/** Under the alarm with what is left, at or over it, or a peer's note (peers have no alarm). */
export function alarmVerdict(size: BundleSize, alarmBytes: number): string {
  if (size.peer) return `peer (${size.platform} build)`;
  if (size.gzip >= alarmBytes) return `AT OR OVER THE ALARM by ${bytes(size.gzip - alarmBytes)}`;
  return `under by ${bytes(alarmBytes - size.gzip)}`;
}

/** The bundle table's rows: each program's bytes, its verdict, and ours against the official SDK. */
export function bundleRows(sizes: BundleSize[], alarmBytes: number): string[][] {
  const byName = new Map(sizes.map((s) => [s.name, s]));
  return sizes.map((s) => {
    const peerName = OUR_PACKAGES.find(([name]) => name === s.name)?.[1];
    const peer = peerName ? byName.get(peerName) : undefined;
    return [
      s.name,
      bytes(s.minified),
      bytes(s.gzip),
      alarmVerdict(s, alarmBytes),
      peerName ?? '',
      peer ? ratioCell(s.gzip, peer.gzip) : '',
    ];
  });
}
