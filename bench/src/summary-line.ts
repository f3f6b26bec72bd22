/** A ratio of ours against a peer, one per line of the closing summary (merged across runtimes). */
export interface SummaryLine {
  label: string;
  value: string;
}
