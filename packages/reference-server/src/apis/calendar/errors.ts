import type { Context } from 'hono';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiProblem, validate } from '../../problem';
import type { PhpInput } from './php-parameters';
import { parametersFor, queryInput, sentBody } from './request-parameters';

/** The code of a problem raised without one (unknown routes, injected faults, failures). */
function defaultCode(status: number): string {
  if (status === 404) return 'rest_no_route';
  if (status === 401 || status === 403) return 'rest_forbidden';
  if (status === 429) return 'rest_too_many_requests';
  if (status >= 500) return 'internal_server_error';
  return 'rest_invalid_request';
}

/** The WordPress error body: `{ code, message, data: { status, params?, details? } }`. */
export function renderError(c: Context, problem: ApiProblem): Response {
  const code = typeof problem.code === 'string' ? problem.code : defaultCode(problem.status);
  const data: Record<string, unknown> = { status: problem.status };
  if (problem.details?.params !== undefined) data.params = problem.details.params;
  if (problem.details?.details !== undefined) data.details = problem.details.details;
  return c.json({ code, message: problem.message, data }, problem.status as 400);
}

/** A 400 `rest_invalid_param` that names each bad parameter and what is wrong with it. */
export function invalidParams(params: Record<string, string>): ApiProblem {
  const list = Object.entries(params).map(([name, rule]) => `${name} ${rule}`);
  return new ApiProblem(400, `Invalid parameter(s): ${list.join('; ')}`, 'rest_invalid_param', {
    params,
  });
}

const invalidParam = { code: 'rest_invalid_param' };

/**
 * Checks the query, read as PHP reads it, against a request schema of the client. `params` names
 * top-level parameters, as WordPress does (`include`, not `include[1]`).
 */
export function checkQuery<S extends $ZodType>(c: Context, schema: S): output<S> {
  const query = knownFieldsOnly(schema, fieldsOf(schema, queryInput(c)));
  return byParameter(() => validate(schema, query, 'query', invalidParam));
}

/** The variables as the schema's fields; bytes that are not UTF-8 are refused, as in JSON. */
function fieldsOf(schema: $ZodType, input: PhpInput): Record<string, unknown> {
  if (input.notUtf8.length > 0) {
    throw invalidParams(
      Object.fromEntries(input.notUtf8.map((name) => [name, 'is not valid UTF-8'])),
    );
  }
  return parametersFor(schema, input.variables);
}

/**
 * WordPress ignores parameters a route does not register (`_fields`, `_locale`, a typo), so the
 * server drops top-level fields its schema does not name before checking the rest. The clients are
 * stricter: they refuse unknown fields by name before sending.
 */
function knownFieldsOnly(schema: $ZodType, value: unknown): unknown {
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  if (!shape || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const known: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (Object.hasOwn(shape, name)) known[name] = field;
  }
  return known;
}

/**
 * Reads and checks the body, sent as JSON or form-encoded (as WordPress takes both; it ignores a
 * body of any other type). Missing `required` fields are reported first, all together, as
 * `rest_missing_callback_param`; an empty or ignored body counts as `{}`.
 */
export async function checkBody<S extends $ZodType>(
  c: Context,
  schema: S,
  required: readonly string[] = [],
): Promise<output<S>> {
  const sent = await sentBody(c);
  const body = 'form' in sent ? fieldsOf(schema, sent.form) : sent.json;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const missing = isObject
    ? required.filter((name) => (body as Record<string, unknown>)[name] === undefined)
    : [];
  if (missing.length > 0) {
    throw new ApiProblem(
      400,
      `Missing parameter(s): ${missing.join(', ')}`,
      'rest_missing_callback_param',
      { params: missing },
    );
  }
  return byParameter(() => validate(schema, knownFieldsOnly(schema, body), 'body', invalidParam));
}

function byParameter<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ApiProblem) || !error.details?.params) throw error;
    const params: Record<string, string> = {};
    for (const [path, rule] of Object.entries(error.details.params as Record<string, string>)) {
      const name = path.split(/[.[]/)[0] || 'body';
      params[name] = params[name] ? `${params[name]}; ${rule}` : rule;
    }
    throw invalidParams(params);
  }
}
