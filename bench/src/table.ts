import { formatRatio } from './stats';

/** A markdown table under a `###` title, columns padded so it reads in a terminal too. */
export function table(title: string, head: string[], rows: string[][]): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    `### ${title}`,
    '',
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
    '',
  ].join('\n');
}

/** `a / b` as `1.23x`, or `n/a` when either side is missing or `b` is not above zero. */
export function ratioCell(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b <= 0) {
    return 'n/a';
  }
  return formatRatio(a / b);
}

/** A number with `digits` decimals, or the note (or a dash) when there is none. */
export function numberCell(value: number | undefined, digits: number, note?: string): string {
  if (value === undefined || !Number.isFinite(value)) return note ?? '—';
  return value.toFixed(digits);
}
