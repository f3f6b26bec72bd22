import { describeIssues } from '@clientkit/core/contract';
import type { Context } from 'hono';
import { type $ZodType, type output, safeParse } from 'zod/v4/core';

/**
 * A refusal a handler throws: the status, a message for people, and the interface's own error code
 * when it has one. Each interface turns it into its own error body.
 */
export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string | number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    code?: string | number,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** How an interface reports a problem found while checking a request. */
export interface ProblemStyle {
  status?: number;
  code?: string | number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body of a request, or undefined when it is empty; malformed JSON is a 400 (or the
 * interface's own status for it). Bytes that are not UTF-8 are a 400 too, rather than being read
 * as U+FFFD and stored.
 */
export async function readJson(c: Context, style: ProblemStyle = {}): Promise<unknown> {
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiProblem(400, 'The request body is not valid UTF-8', style.code);
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiProblem(style.status ?? 400, 'The request body is not valid JSON', style.code);
  }
}

/**
 * Checks `value` against a schema of the interface; a failure is thrown as an ApiProblem whose
 * message names each field and rule, with the offending fields in `details.params`.
 */
export function validate<S extends $ZodType>(
  schema: S,
  value: unknown,
  subject: string,
  style: ProblemStyle = {},
): output<S> {
  let result: ReturnType<typeof safeParse<S>>;
  try {
    result = safeParse(schema, value, { reportInput: true });
  } catch (error) {
    // zod hands all the problems of one field to a single push(...), which overflows the stack
    // once a list holds some hundred thousand bad items: still the sender's mistake, not ours.
    if (!(error instanceof RangeError)) throw error;
    throw new ApiProblem(
      style.status ?? 400,
      `Invalid ${subject}: too many problems to name them one by one`,
      style.code,
      { params: { [subject]: 'has too many problems to name them one by one' } },
    );
  }
  if (result.success) return result.data;
  const issues = describeIssues(result.error.issues);
  const text = issues.map((issue) =>
    issue.path ? `${issue.path} ${issue.message}` : issue.message,
  );
  const params = Object.fromEntries(issues.map((issue) => [issue.path || subject, issue.message]));
  throw new ApiProblem(style.status ?? 400, `Invalid ${subject}: ${text.join('; ')}`, style.code, {
    params,
  });
}

/** Reads the JSON body and checks it; an empty body is checked as `undefined`. */
export async function validBody<S extends $ZodType>(
  c: Context,
  schema: S,
  style: ProblemStyle = {},
): Promise<output<S>> {
  return validate(schema, await readJson(c, style), 'body', style);
}

/**
 * Checks the query string against an object schema. Query values arrive as text, so each is first
 * turned into the type its field expects: numbers, booleans, and comma-separated lists.
 */
export function validQuery<S extends $ZodType>(
  c: Context,
  schema: S,
  style: ProblemStyle = {},
): output<S> {
  return validate(schema, coerceQuery(schema, c.req.query()), 'query', style);
}

type Def = {
  type: string;
  innerType?: Def & { _zod?: { def: Def } };
  element?: unknown;
  in?: unknown;
  options?: unknown[];
  shape?: Record<string, unknown>;
  fn?: (value: unknown) => unknown;
};

function defOf(schema: unknown): Def | undefined {
  return (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
}

/** The type a field holds once optional, nullable, default and pipe wrappers are taken off. */
export function baseType(schema: unknown): {
  type: string;
  element?: unknown;
  options?: unknown[];
  fn?: (value: unknown) => unknown;
} {
  let def = defOf(schema);
  while (
    def &&
    ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'pipe'].includes(def.type)
  ) {
    def = defOf(def.type === 'pipe' ? def.in : def.innerType);
  }
  return def ?? { type: 'unknown' };
}

/** Query text turned into the type a field expects: a number, a boolean, or a comma-separated list. */
export function coerceValue(schema: unknown, text: string): unknown {
  const base = baseType(schema);
  switch (base.type) {
    case 'number':
    case 'int':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    case 'boolean':
      if (['true', '1'].includes(text)) return true;
      if (['false', '0'].includes(text)) return false;
      return text;
    case 'array':
      return text === ''
        ? []
        : text.split(',').map((part) => coerceValue(base.element, part.trim()));
    case 'union': {
      const numeric = base.options?.some((option) =>
        ['number', 'int'].includes(baseType(option).type),
      );
      return numeric && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    }
    case 'custom': {
      // A custom check that takes numbers as well as text (the calendar's cost) gets numeric text
      // as a number, as a union with a number member does.
      const number = text.trim() !== '' ? Number(text) : Number.NaN;
      return Number.isFinite(number) && base.fn?.(number) === true ? number : text;
    }
    default:
      return text;
  }
}

/** The fields of an object schema by name (none for other schemas). */
export function shapeOf(schema: $ZodType): Record<string, unknown> {
  return (defOf(schema)?.shape ?? defOf(baseType(schema))?.shape ?? {}) as Record<string, unknown>;
}

export function coerceQuery(
  schema: $ZodType,
  query: Record<string, string>,
): Record<string, unknown> {
  const shape = shapeOf(schema);
  // fromEntries keeps a parameter named __proto__ as a field, so that strict schemas refuse it.
  return Object.fromEntries(
    Object.entries(query).map(([name, text]) => [
      name,
      Object.hasOwn(shape, name) ? coerceValue(shape[name], text) : text,
    ]),
  );
}
