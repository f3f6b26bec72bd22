import {
  MAX_PAYLOAD_KEY_LENGTH,
  MAX_PAYLOAD_VALUE_LENGTH,
  MeterEventPayload,
  MeterEventStreamBody,
  type MeteringAuth,
  metering,
  meteringAccess,
} from '@clientkit/contracts/metering';
import * as responses from '@clientkit/contracts/metering/responses';
import type { Context } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import { refuseNonJsonBody } from '../../json-body';
import {
  type DocumentationOf,
  type InterfaceDescription,
  jsonSchemaHints,
  type Operation,
  operationsOf,
} from '../../operations';
import { readJson, validate, validQuery } from '../../problem';
import { authenticateApiKey, authenticateSession, releaseOf } from './auth';
import { isCertainlyValidBatch } from './batch-check';
import { meteringProblem, unsupportedMediaType } from './errors';
import type { MeteringRouteState } from './state';

export const METERING_BASE = metering.base;

/** What the metering document says of each operation, beyond what the contract declares. */
const meteringDocumentation: DocumentationOf<typeof metering> = {
  createMeterEventSession: {
    summary: 'A session whose token authenticates the event stream for 15 minutes',
    success: [200],
    errors: [400, 401],
    statuses: {
      200: 'The new session',
      400: 'A malformed Service-Version or Idempotency-Key',
      401: 'No API key, or not a known one',
    },
  },
  createMeterEventStream: {
    summary: 'Send 1 to 100 meter events; they are validated and counted asynchronously',
    success: [200],
    errors: [400, 401, 409, 413, 429],
    statuses: {
      200: 'The events were taken in',
      400: 'A malformed Service-Version, or a body that breaks a rule (the field is named)',
      401: 'No session token, an unknown one, or one whose session expired',
      409: 'A request with the same Idempotency-Key is still being handled',
      413: 'The body is larger than 1 MiB',
      429: 'Over the rate limit; Retry-After says when to try again',
    },
  },
};

/**
 * An event's payload is checked for a key named `__proto__` before its record is read, and that
 * check is what the document generator sees of it (opaque to it), so the hint says what the
 * payload as a whole accepts.
 */
function documentPayload(): void {
  jsonSchemaHints.set(MeterEventPayload._zod.def.in, {
    type: 'object',
    propertyNames: { maxLength: MAX_PAYLOAD_KEY_LENGTH },
    additionalProperties: { type: 'string', maxLength: MAX_PAYLOAD_VALUE_LENGTH },
  });
}

/** Who a request speaks for: the mode of its key or session, and the release it asked for. */
export interface MeteringPrincipal {
  livemode: boolean;
  release: string;
}

/** The release, then the credential, then (for the stream) the rate limit, as the service checks them. */
function authorize(
  c: Context,
  operation: Operation<MeteringAuth>,
  state: MeteringRouteState,
): MeteringPrincipal {
  const release = releaseOf(c);
  if (operation.auth === 'api-key') {
    return { release, livemode: authenticateApiKey(c, state.apiKeys) };
  }
  const livemode = authenticateSession(c, state.sessions);
  const wait = state.limiter.take();
  if (wait !== undefined) {
    throw meteringProblem(429, 'rate_limit', 'Too many requests to the meter event stream', {
      code: 'rate_limit',
      retryAfterSeconds: wait,
    });
  }
  return { release, livemode };
}

/** Plain checks that decide the common case of a body before its schema is run (the stream's). */
const fastPaths = new Map<$ZodType, (body: unknown) => boolean>([
  [MeterEventStreamBody, isCertainlyValidBatch],
]);

/**
 * The JSON body, parsed once and checked once: by its fast path when it certainly passes (the body
 * is then used as parsed), otherwise by its schema, which refuses it naming the field.
 */
async function checkBody(c: Context, schema: $ZodType): Promise<unknown> {
  await refuseNonJsonBody(c, unsupportedMediaType);
  const body = await readJson(c, { code: 'body_invalid' });
  if (body === undefined) {
    throw meteringProblem(
      400,
      'invalid_request_error',
      'The body must be JSON of the form {"events": [...]} with 1 to 100 events',
      { code: 'body_invalid' },
    );
  }
  if (fastPaths.get(schema)?.(body)) return body;
  return validate(schema, body, 'body');
}

const bearer = (description: string) => ({ type: 'http', scheme: 'bearer', description });

/** The metering interface as the shared operation module sees it: its table, auth, checks and document. */
export function meteringDescription(
  state: MeteringRouteState,
): InterfaceDescription<MeteringAuth, MeteringPrincipal> {
  documentPayload();
  return {
    title: 'Usage metering API',
    version: '2',
    description:
      'Meter event sessions and the high-throughput event stream. Every request may send ' +
      'Service-Version (a date-based release name; the default release otherwise) and, on POST, ' +
      'an Idempotency-Key of 1 to 255 characters whose first answer is replayed for 24 hours.',
    tags: {
      sessions:
        'Meter event sessions: short-lived tokens for the event stream, made with an API key',
      events: 'Meter events, sent in batches through a session',
    },
    base: METERING_BASE,
    operations: operationsOf(metering, meteringAccess, meteringDocumentation),
    components: {
      responses: {
        MeterEventSession: responses.MeterEventSession,
        MeterEventStreamResponse: responses.MeterEventStreamResponse,
        MeteringErrorBody: responses.MeteringErrorBody,
      },
      requests: { MeterEventStreamBody },
    },
    errorBody: responses.MeteringErrorBody,
    securitySchemes: {
      apiKey: bearer('An API key, sk_test_... or sk_live_...'),
      session: bearer('The authentication_token of a meter event session'),
    },
    security: (auth) => [{ [auth === 'api-key' ? 'apiKey' : 'session']: [] }],
    authorize: (c, operation) => authorize(c, operation, state),
    checks: { query: (c, schema) => validQuery(c, schema), body: checkBody },
  };
}
