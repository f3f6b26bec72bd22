import { startInstantServer } from './instant-server';
import {
  benchMeteringStream,
  clientkitKySender,
  clientkitNodeSender,
  type MeteringThroughput,
  rawSender,
  type Sender,
  type Spread,
  stripeFetchSender,
  stripeNodeHttpSender,
} from './metering-stream';
import { processCpuMs } from './process-cpu';
import { STREAM_BUDGET_PEER, streamVerdict } from './stream-budget';
import type { SummaryLine } from './summary-line';
import { table } from './table';

/** `median (lowest–highest)`, or the note when there is no figure. */
function spreadCell(spread: Spread | undefined, digits: number, note = '—', unit = ''): string {
  if (!spread) return note;
  const f = (n: number) => `${n.toFixed(digits)}${unit}`;
  return `${f(spread.median)} (${f(spread.min)}–${f(spread.max)})`;
}

/** A stream table: each sender's figures, and ours over each, round by round. */
function streamTable(title: string, stream: MeteringThroughput[]): string {
  const serverCpu = stream.some((s) => s.serverCpuMsPer1000 !== undefined);
  return table(
    title,
    [
      'sender',
      'events/s',
      'client CPU ms per 1,000 events',
      ...(serverCpu ? ['server CPU ms per 1,000 events'] : []),
      'events/s, clientkit (node:http) / this, per round',
      'CPU, clientkit (node:http) / this, per round',
    ],
    stream.map((s) => [
      s.name,
      spreadCell(s.eventsPerSec, 0, s.note),
      spreadCell(s.cpuMsPer1000, 2),
      ...(serverCpu ? [spreadCell(s.serverCpuMsPer1000, 1)] : []),
      spreadCell(s.eventsPerSecRatio, 2, '', 'x'),
      spreadCell(s.cpuRatio, 2, '', 'x'),
    ]),
  );
}

/**
 * The metering stream's section of `pnpm bench`: every sender against the reference server at
 * `origin` (process `serverPid`), with the target's verdict, then against a server that answers at
 * once; tables go to `print`, ratios to `summary`.
 */
export async function streamSection(
  origin: string,
  serverPid: number,
  quick: boolean,
  print: (text: string) => void,
  summary: SummaryLine[],
): Promise<void> {
  // The targets are read in the median of five paired rounds; a quick run has three.
  const rounds = quick ? 3 : 5;
  const senders = [
    clientkitNodeSender,
    clientkitKySender,
    stripeNodeHttpSender,
    stripeFetchSender,
    rawSender,
  ];
  const stream = await benchMeteringStream(origin, senders, {
    eventsPerRound: quick ? 10_000 : 20_000,
    rounds,
    serverCpuMs: () => processCpuMs(serverPid),
  });
  print(
    streamTable(
      `Metering stream against the reference server (own process), ${quick ? '10,000' : '20,000'} events per round, 100 per request, 8 in flight, ${rounds} interleaved rounds: median (lowest–highest round)`,
      stream,
    ),
  );
  const verdict = streamVerdict(stream.find((s) => s.name === STREAM_BUDGET_PEER));
  print(`Metering stream against ${STREAM_BUDGET_PEER}: ${verdict}\n`);
  summary.push({
    label: `metering stream target against ${STREAM_BUDGET_PEER}`,
    value: verdict,
  });
  for (const s of stream.slice(1)) {
    summary.push({
      label: `metering stream vs ${s.name}: events/s, CPU per 1,000 events (median of paired rounds)`,
      value: `${spreadCell(s.eventsPerSecRatio, 2, 'n/a', 'x')}, ${spreadCell(s.cpuRatio, 2, 'n/a', 'x')}`,
    });
  }
  await ceilingSection(senders, rounds, quick, print, summary);
}

/** The same senders against a server that answers at once: what each sender alone can do. */
async function ceilingSection(
  senders: Sender[],
  rounds: number,
  quick: boolean,
  print: (text: string) => void,
  summary: SummaryLine[],
): Promise<void> {
  const instant = await startInstantServer();
  try {
    const ceiling = await benchMeteringStream(instant.url, senders, {
      eventsPerRound: quick ? 20_000 : 50_000,
      rounds,
    });
    print(
      streamTable(
        `Metering stream against a server that answers at once (own process; each sender's own ceiling), ${quick ? '20,000' : '50,000'} events per round, ${rounds} interleaved rounds`,
        ceiling,
      ),
    );
    const stripe = ceiling.find((s) => s.name === STREAM_BUDGET_PEER);
    summary.push({
      label: `metering stream vs ${STREAM_BUDGET_PEER}, against a server that answers at once: events/s, CPU per 1,000 events`,
      value: `${spreadCell(stripe?.eventsPerSecRatio, 2, 'n/a', 'x')}, ${spreadCell(stripe?.cpuRatio, 2, 'n/a', 'x')}`,
    });
  } finally {
    await instant.stop();
  }
}
