import { type CheckResult, contractChecker } from '../contract-check/contract-checker';
import { unknownOperationLine, violationLine } from '../contract-check/violation';
import { interfaceOfPath } from '../recording/interface-paths';
import {
  type CapturedExchange,
  recordedExchange,
  unrecordable,
} from '../recording/recorded-exchange';
import type { RecordingWriter } from '../recording/recording-files';
import { splitPath } from '../recording/request-key';
import { secretMemory } from '../recording/secret-memory';
import { decodedBody } from './content-encoding';
import type { ForwardedExchange } from './forward';
import type { ViolationLog } from './violation-log';

/** What is done with each exchange once its answer has gone through. */
export interface Settling {
  /** The origin exchanges went to. */
  origin: string;
  /** The most of a body kept, and decoded, to check and record. */
  maxBodyBytes: number;
  findings: ViolationLog;
  /** Where exchanges are recorded, when they are. */
  writer: RecordingWriter | undefined;
  log(line: string): void;
}

/**
 * Checks each exchange against the contracts (listing and printing what breaks them) and records
 * it when recording. Nothing it meets is thrown: a failure is printed as a line, and the answer,
 * already on its way, is left as it is.
 */
export function exchangeSettler(
  settling: Settling,
): (exchange: ForwardedExchange) => Promise<void> {
  const { origin, maxBodyBytes, findings, writer, log } = settling;
  const check = contractChecker();
  const secrets = secretMemory();

  const report = (result: CheckResult) => {
    if ('unknown' in result) {
      findings.addUnknown(result.unknown);
      log(unknownOperationLine(result.unknown));
      return;
    }
    for (const violation of result.violations) {
      findings.addViolation(violation);
      log(violationLine(violation));
    }
  };

  const record = async (writer: RecordingWriter, capture: CapturedExchange, pathname: string) => {
    const name = interfaceOfPath(pathname);
    if (!name) return;
    const reason = unrecordable(capture);
    if (reason) {
      log(`not recorded: ${capture.method} ${pathname}: ${reason}`);
      return;
    }
    await writer.append(name, recordedExchange(capture, secrets));
  };

  return async (exchange) => {
    const { method, path, requestBody } = exchange;
    const { pathname } = splitPath(path);
    const responseHeaders = new Headers(pairsOf(exchange.responseHeaders));
    const encoding = responseHeaders.get('content-encoding') ?? undefined;
    const responseBody =
      exchange.responseBody && decodedBody(exchange.responseBody, encoding, maxBodyBytes);
    const unkept = unkeptBody(requestBody, responseBody, maxBodyBytes);
    if (unkept)
      log(`body not checked: ${method} ${pathname}: ${unkept}${writer ? '; not recorded' : ''}`);
    try {
      report(
        await check({
          method,
          url: `${origin}${path}`,
          requestHeaders: new Headers(pairsOf(exchange.requestHeaders)),
          requestBody,
          status: exchange.status,
          responseHeaders,
          responseBody,
        }),
      );
    } catch (error) {
      log(`not checked: ${method} ${pathname}: ${(error as Error).message}`);
    }
    if (!writer || !requestBody || !responseBody) return;
    try {
      await record(writer, { ...exchange, origin, requestBody, responseBody }, pathname);
    } catch (error) {
      log(`not recorded: ${method} ${pathname}: ${(error as Error).message}`);
    }
  };
}

/** `['A', '1', 'B', '2']` as `[['A', '1'], ['B', '2']]`. */
function pairsOf(rawHeaders: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}

/** Which body of an exchange could not be kept (or decoded) to be checked and recorded. */
function unkeptBody(
  requestBody: Uint8Array | undefined,
  responseBody: Uint8Array | undefined,
  maxBodyBytes: number,
): string | undefined {
  const limit = `${maxBodyBytes} bytes`;
  if (requestBody === undefined) {
    return `the request body is larger than ${limit}, or had not ended when the answer did`;
  }
  if (responseBody === undefined) {
    return `the answer's body is larger than ${limit}, or in an encoding the proxy cannot read`;
  }
  return undefined;
}
