import { type CallBoundInput, callBoundMs } from './call-bound';
import { CallTally } from './call-tally';
import type { SoakClients } from './clients';
import type { SentEvents } from './metering-check';
import type { Progress } from './progress';
import { CALL_RETRY, CALL_TIMEOUT_MS } from './settings';
import { type ClientName, type TaskContext, TRAFFIC_MIX } from './traffic';

/**
 * Requests a client's call may wait on before its own: identity management exchanges its
 * credentials for a token, metering creates a session; each under the same timeout and retries.
 */
const CREDENTIAL_STEPS: Record<ClientName, number> = {
  docs: 0,
  calendar: 0,
  mail: 0,
  idm: 1,
  metering: 1,
};

/** The time bound of a call of each client. */
export function boundsByClient(): Record<ClientName, number> {
  const base: Omit<CallBoundInput, 'credentialSteps'> = {
    timeoutMs: CALL_TIMEOUT_MS,
    retries: CALL_RETRY.limit,
    maxRetryAfterMs: CALL_RETRY.maxRetryAfter,
  };
  const entries = Object.entries(CREDENTIAL_STEPS).map(([client, credentialSteps]) => [
    client,
    callBoundMs({ ...base, credentialSteps }),
  ]);
  return Object.fromEntries(entries) as Record<ClientName, number>;
}

/** What the rounds came to. */
export interface RoundsResult {
  tally: CallTally;
  sends: SentEvents[];
  bounds: Record<ClientName, number>;
}

/**
 * Runs `progress.total` tasks of the traffic mix, in its order, on one lane per entry of
 * `laneSpaces` (each lane's own docs space): a lane takes the next task as soon as its last one
 * ends, so the clients' calls interleave.
 */
export async function runRounds(
  clients: SoakClients,
  progress: Progress,
  laneSpaces: readonly string[],
): Promise<RoundsResult> {
  const tally = new CallTally();
  const sends: SentEvents[] = [];
  const bounds = boundsByClient();
  const measure: TaskContext['measure'] = async (client, operation, call) => {
    const started = performance.now();
    try {
      await call();
      tally.succeeded(operation, performance.now() - started, bounds[client]);
      return true;
    } catch (error) {
      tally.failedWith(operation, error, performance.now() - started, bounds[client]);
      return false;
    }
  };
  let next = 0;
  const lane = async (laneSpace: string) => {
    while (next < progress.total) {
      const serial = next++;
      const context: TaskContext = {
        clients,
        serial,
        laneSpace,
        measure,
        sentEvents: (sent, acknowledged) => sends.push({ serial: sent, acknowledged }),
      };
      await TRAFFIC_MIX[serial % TRAFFIC_MIX.length]!(context);
      progress.taskEnded();
    }
  };
  await Promise.all(laneSpaces.map(lane));
  return { tally, sends, bounds };
}
