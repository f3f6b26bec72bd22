import type { Exchange, InterfaceName } from '@clientkit/reference-server';
import type { InterfaceDocuments } from './interface-documents';
import type { OperationLookup } from './openapi-operations';
import { operationLookup } from './openapi-operations';
import { responseChecker } from './openapi-responses';

/** One answer the server sent, as recorded for the check. */
export interface RecordedAnswer {
  method: string;
  path: string;
  /** The request's query string, without `?` (WordPress's global parameters change the answer). */
  query?: string;
  status: number;
  contentType: string;
  text: string;
}

/** Reads the copy of an answer that `onExchange` hands over. */
export async function recordAnswer({ request, response }: Exchange): Promise<RecordedAnswer> {
  return {
    method: request.method,
    path: request.path,
    query: new URL(request.url).search.slice(1),
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** What the check made of one answer: whose it is (none: outside every document) and what is wrong. */
export interface AnswerVerdict {
  interface?: InterfaceName;
  problems: string[];
}

function bodyOf(answer: RecordedAnswer): { body?: unknown; problems: string[] } {
  if (answer.text === '') return { problems: [] };
  if (!/^application\/([\w.+-]+\+)?json\b/.test(answer.contentType))
    return { problems: [`answered ${answer.contentType || 'no content type'}, not JSON`] };
  try {
    return { body: JSON.parse(answer.text), problems: [] };
  } catch {
    return { problems: ['the body is not valid JSON'] };
  }
}

/**
 * A check of answers against the OpenAPI documents of their interfaces. The interface is the one
 * with an operation for the request, or else the one whose server base path holds the request
 * path; the longest base path wins either way, and a document served at the origin's root (mail)
 * claims only the requests it has an operation for. The status and JSON body must then be what
 * that operation declares.
 */
export function answerChecker(
  documents: InterfaceDocuments,
): (answer: RecordedAnswer) => AnswerVerdict {
  const interfaces = Object.entries(documents).map(([name, document]) => ({
    name: name as InterfaceName,
    lookup: operationLookup(document!),
    check: responseChecker(document!, `${name}-openapi.json`),
  }));
  return (answer) => {
    const owner = ownerOf(interfaces, answer);
    if (!owner) return { problems: [] };
    const request = `${answer.method} ${answer.path} (${answer.status})`;
    // HEAD is answered as GET without the body (documents list GET only): its status is checked.
    const head = answer.method === 'HEAD';
    const operationId = owner.lookup.operationOf(head ? 'GET' : answer.method, answer.path);
    if (!operationId)
      return {
        interface: owner.name,
        problems: [`${request}: no operation in the ${owner.name} document`],
      };
    const { body, problems } = bodyOf(answer);
    // A body that cannot be read as JSON is the one problem worth naming: no schema applies to it.
    const found = head
      ? owner.check(operationId, answer.status, undefined, { statusOnly: true })
      : problems.length > 0
        ? problems
        : owner.name === 'calendar'
          ? checkWordPressAnswer(answer, body, (status, inner, partial) =>
              owner.check(operationId, status, inner, { partial }),
            )
          : owner.check(operationId, answer.status, body);
    return {
      interface: owner.name,
      problems: found.map((problem) => `${request} ${operationId}: ${problem}`),
    };
  };
}

/** Whether the query names a WordPress global parameter, plain (`_fields=`) or PHP-style (`_fields[]=`). */
function hasParameter(query: string | undefined, name: string): boolean {
  return [...new URLSearchParams(query ?? '').keys()].some(
    (key) => key === name || key.startsWith(`${name}[`),
  );
}

/**
 * WordPress's global parameters change what an answer holds: with `_envelope` the answer is
 * `{ body, status, headers }` sent as 200, and its body is checked with its own status; with
 * `_fields` a success body holds some of its fields, so only those present are checked.
 */
function checkWordPressAnswer(
  answer: RecordedAnswer,
  body: unknown,
  check: (status: number, body: unknown, partial: boolean) => string[],
): string[] {
  const partial = (status: number) => status < 400 && hasParameter(answer.query, '_fields');
  if (!hasParameter(answer.query, '_envelope')) {
    return check(answer.status, body, partial(answer.status));
  }
  const envelope = body as { body?: unknown; status?: unknown; headers?: unknown } | undefined;
  if (
    answer.status !== 200 ||
    typeof envelope?.status !== 'number' ||
    typeof envelope.headers !== 'object' ||
    envelope.headers === null ||
    !('body' in envelope)
  ) {
    return ['_envelope: not a 200 answer of { body, status, headers }'];
  }
  return check(envelope.status, envelope.body ?? undefined, partial(envelope.status));
}

function ownerOf<T extends { lookup: OperationLookup }>(
  interfaces: T[],
  answer: RecordedAnswer,
): T | undefined {
  let best: { owner: T; score: number } | undefined;
  for (const candidate of interfaces) {
    const reach = candidate.lookup.reach(answer.path);
    if (reach === undefined) continue;
    const method = answer.method === 'HEAD' ? 'GET' : answer.method;
    const operation = candidate.lookup.operationOf(method, answer.path);
    if (!operation && reach === 0) continue;
    // An interface with an operation for the request outranks one that only holds its path.
    const score = (operation ? 1_000_000 : 0) + reach;
    if (!best || score > best.score) best = { owner: candidate, score };
  }
  return best?.owner;
}

/** What the check found in all the answers of one test file. */
export interface AnswerReport {
  /** Answers validated, per interface with a document. */
  counts: Partial<Record<InterfaceName, number>>;
  /** Distinct `METHOD path` of answers under no document (another interface, or none). */
  outside: string[];
  /** Every problem, each naming its request. */
  problems: string[];
}

/** Checks every answer against the documents and sums up what it found. */
export function reportOn(answers: RecordedAnswer[], documents: InterfaceDocuments): AnswerReport {
  const check = answerChecker(documents);
  const report: AnswerReport = { counts: {}, outside: [], problems: [] };
  for (const name of Object.keys(documents) as InterfaceName[]) report.counts[name] = 0;
  const outside = new Set<string>();
  for (const answer of answers) {
    const verdict = check(answer);
    if (verdict.interface) report.counts[verdict.interface]! += 1;
    else outside.add(`${answer.method} ${answer.path}`);
    report.problems.push(...verdict.problems);
  }
  report.outside = [...outside];
  return report;
}

/** One line for the test output: the counts, and a few of the requests left outside. */
export function describeReport({ counts, outside }: AnswerReport): string {
  const validated = Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  const some = outside.slice(0, 3).join(', ') + (outside.length > 3 ? ', ...' : '');
  return `answers validated against their interface's OpenAPI document: ${validated}; requests under no listed document: ${outside.length}${some ? ` (${some})` : ''}`;
}
