import {
  type $ZodIssue,
  type $ZodIssueInvalidValue,
  type $ZodType,
  type output,
  safeParse,
} from 'zod/v4/core';
import {
  APIResponseValidationError,
  RequestValidationError,
  type ValidationIssue,
} from '../errors/errors';
import { redactSecretFields } from '../redaction/redact';
import { knownFieldsAt } from './known-fields';

/**
 * Checks `value` against `schema` and returns the parsed value, or throws a
 * `RequestValidationError` that names each field and the rule it broke. `subject` names the input in
 * the message, for example `body of docs.users.update`.
 */
export function validateInput<S extends $ZodType>(
  schema: S,
  value: unknown,
  subject: string,
): output<S> {
  const result = safeParse(schema, value, { reportInput: true });
  if (result.success) return result.data;
  const unknownAt: PropertyKey[][] = [];
  const issues = describe(result.error.issues, [], unknownAt);
  throw new RequestValidationError(subject, issues, knownFieldsHint(schema, unknownAt));
}

/**
 * The fields known where the input had unknown ones, once for each place (`known: title, slug`;
 * `known in position: before, after`), as misspelt options are answered with the known options.
 */
function knownFieldsHint(schema: $ZodType, places: PropertyKey[][]): string | undefined {
  const hints = new Map<string, string>();
  for (const path of places) {
    // The items of one list share their fields: the hint is given once for all of them.
    const place = path.map((key) => (typeof key === 'number' ? '[]' : String(key))).join('.');
    const known = knownFieldsAt(schema, path);
    if (hints.has(place) || known.length === 0) continue;
    const where = path.length > 0 ? ` in ${formatPath(path)}` : '';
    hints.set(place, `known${where}: ${known.join(', ')}`);
  }
  return hints.size > 0 ? [...hints.values()].join('; ') : undefined;
}

/**
 * Like `validateInput`, for response bodies: throws `APIResponseValidationError`, with the answer's
 * `requestId` when it carried one.
 */
export function validateResponse<S extends $ZodType>(
  schema: S,
  value: unknown,
  subject: string,
  requestId: string | null = null,
): output<S> {
  const result = safeParse(schema, value, { reportInput: true });
  if (result.success) return result.data;
  // The body that failed may be a token or session answer: its secrets stay out of the error.
  throw new APIResponseValidationError(
    subject,
    describeIssues(result.error.issues),
    redactSecretFields(value),
    requestId,
  );
}

/** Turns zod issues into field paths, each with a sentence that says what the field must be. */
export function describeIssues(
  issues: readonly $ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): ValidationIssue[] {
  return describe(issues, prefix, []);
}

/** `describeIssues`, collecting in `unknownAt` the path of every object with unknown fields. */
function describe(
  issues: readonly $ZodIssue[],
  prefix: readonly PropertyKey[],
  unknownAt: PropertyKey[][],
): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      const explained = explainUnion(issue.errors, path, unknownAt);
      if (explained) return explained;
    }
    if (issue.code === 'unrecognized_keys') unknownAt.push(path);
    return [{ path: formatPath(path), message: describeRule(issue) }];
  });
}

/**
 * A union of object shapes usually tells its members apart by one literal field (`type`). When every
 * member refused the value on the same literal field, that field is the problem; when exactly one
 * member accepted it, the problems are those of that member.
 */
function explainUnion(
  members: $ZodIssue[][],
  path: PropertyKey[],
  unknownAt: PropertyKey[][],
): ValidationIssue[] | undefined {
  const literalMisses = members.map((issues) =>
    issues.find(
      (issue): issue is $ZodIssueInvalidValue =>
        issue.code === 'invalid_value' && issue.path.length === 1,
    ),
  );
  const matching = members.filter((_, index) => literalMisses[index] === undefined);
  if (matching.length === 1) return describe(matching[0]!, path, unknownAt);
  const key = literalMisses[0]?.path[0];
  if (key === undefined || !literalMisses.every((miss) => miss?.path[0] === key)) return undefined;
  const values = literalMisses.flatMap((miss) => miss?.values ?? []);
  return [{ path: formatPath([...path, key]), message: oneOf(values) }];
}

/** `['events', 3, 'payload']` -> `events[3].payload`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

function describeRule(issue: $ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${article(issue.expected)}, not ${typeName(issue.input)}`;
    case 'too_big':
      return sizeRule(
        issue.inclusive === false ? 'less than' : 'at most',
        issue.origin,
        issue.maximum,
      );
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1 && issue.inclusive !== false) {
        return 'must not be empty';
      }
      return sizeRule(
        issue.inclusive === false ? 'greater than' : 'at least',
        issue.origin,
        issue.minimum,
      );
    case 'invalid_format':
      // The clients' own format helpers (urlString, isoDateTimeString, ...) carry their messages;
      // this covers zod's built-in formats.
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return issue.divisor === 1
        ? 'must be a whole number'
        : `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${show(issue.values[0])}` : oneOf(issue.values);
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options)) return oneOf(issue.options);
      return 'does not match any of the accepted forms';
    case 'invalid_key':
      return 'has a key that is not allowed';
    case 'invalid_element':
      return 'has an element that is not allowed';
    default:
      return issue.message;
  }
}

/** `comparison` is `at most`, `less than`, `at least` or `greater than`. */
function sizeRule(comparison: string, origin: string, limit: number | bigint): string {
  const bound = `${comparison} ${limit}`;
  if (origin === 'string') return `must be ${bound} characters long`;
  if (origin === 'array' || origin === 'set') {
    return `must have ${bound} ${limit === 1 ? 'item' : 'items'}`;
  }
  return `must be ${bound}${origin === 'file' ? ' bytes' : ''}`;
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'record') return 'an object';
  if (expected === 'array' || expected === 'object') return `an ${expected}`;
  return `a ${expected}`;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a fractional number';
  return article(typeof value);
}

/** `must be one of "a", "b"`. */
export function oneOf(values: readonly unknown[]): string {
  return `must be one of ${values.map(show).join(', ')}`;
}

function show(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}
