import { type MailAuth, mail, mailAccess, UpdateServerBody } from '@clientkit/contracts/mail';
import * as responses from '@clientkit/contracts/mail/responses';
import type { Context } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import {
  type DocumentationOf,
  type InterfaceDescription,
  jsonSchemaHints,
  operationsOf,
  type PathParameter,
} from '../../operations';
import { ApiProblem, readJson, validate, validQuery } from '../../problem';
import { checkAccountRequest } from './account';
import { MailErrorCode } from './errors';
import { hookUrlFields } from './present';
import type { MailStore, StoredServer } from './store';

/** What every request may be refused for: the token, the server it names, what it accepts. */
const NEGOTIATION_ERRORS = [401, 404, 406] as const;
const NEGOTIATION = {
  401: 'No account token, or a wrong one',
  404: 'No server with this ID in the account',
  406: 'Accept does not admit application/json',
};

/** What the mail document says of each operation, beyond what the contract declares. */
const mailDocumentation: DocumentationOf<typeof mail> = {
  getServer: {
    summary: 'A server record; hook URLs are shown without their passwords',
    success: [200],
    errors: NEGOTIATION_ERRORS,
    statuses: { 200: 'The server', ...NEGOTIATION },
  },
  updateServer: {
    summary: "Change some of a server's settings",
    success: [200],
    errors: [...NEGOTIATION_ERRORS, 415, 422],
    statuses: {
      200: 'The server as changed',
      ...NEGOTIATION,
      415: 'The body is not sent as application/json',
      422: 'The body is not JSON, changes nothing, or breaks a rule (its ErrorCode says which)',
    },
  },
};

/** The error code of the first field a PUT body got wrong. */
function codeForField(field: string): number {
  if (field === 'Color') return MailErrorCode.invalidColor;
  if (field === 'InboundSpamThreshold') return MailErrorCode.invalidSpamThreshold;
  if ((hookUrlFields as readonly string[]).includes(field)) return MailErrorCode.invalidWebhookUrl;
  return MailErrorCode.incompatibleJson;
}

/** A PUT body: JSON, an object, with at least one field, every field by its rule (422 otherwise). */
async function checkBody(c: Context, schema: $ZodType): Promise<unknown> {
  const body = await readJson(c, { status: 422, code: MailErrorCode.invalidJson });
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (body !== undefined && !isObject) {
    throw new ApiProblem(422, 'The body must be a JSON object', MailErrorCode.incompatibleJson);
  }
  if (body === undefined || Object.keys(body).length === 0) {
    throw new ApiProblem(
      422,
      'Nothing to update: send at least one writable field of the server',
      MailErrorCode.nothingToUpdate,
    );
  }
  try {
    return validate(schema, body, 'body');
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    const [field = 'body'] = Object.keys((error.details?.params ?? {}) as object);
    throw new ApiProblem(422, error.message, codeForField(field), error.details);
  }
}

/**
 * The server the path names. The account token reaches the servers of its account only, so an ID
 * that names none of them is refused with the authorization, before the body is read.
 */
function serverOf(c: Context, store: MailStore): StoredServer {
  const id = c.req.param('serverId') ?? '';
  const server = /^\d{1,15}$/.test(id) ? store.server(Number(id)) : undefined;
  if (!server) {
    throw new ApiProblem(
      404,
      `No server with ID ${id} in this account`,
      MailErrorCode.serverNotFound,
    );
  }
  return server;
}

// A PUT changes at least one field (its object refuses unknown ones): a rule JSON Schema can state.
jsonSchemaHints.set(UpdateServerBody, { minProperties: 1 });

/** Server IDs are integers; any other segment names no server (601), it is not an unknown route. */
const mailPathParameters: Record<string, PathParameter> = {
  serverId: { schema: { type: 'integer', minimum: 1, maximum: 999_999_999_999_999 } },
};

/** The mail interface as the shared operation module sees it: its table, auth, checks and document. */
export function mailDescription(
  store: MailStore,
  accountToken: () => string,
): InterfaceDescription<MailAuth, StoredServer> {
  return {
    title: 'Inbound mail server API',
    version: '1',
    description:
      'The settings of a mail server, such as where its parsed inbound messages are POSTed. ' +
      'Every request carries the account token; answers are JSON only.',
    tags: { servers: 'Servers: their settings, inbound address and hook URLs' },
    base: mail.base,
    operations: operationsOf(mail, mailAccess, mailDocumentation),
    pathParameters: mailPathParameters,
    components: {
      responses: { Server: responses.Server, MailErrorBody: responses.MailErrorBody },
      requests: { UpdateServerBody },
    },
    errorBody: responses.MailErrorBody,
    securitySchemes: {
      accountToken: { type: 'apiKey', in: 'header', name: 'X-Mail-Account-Token' },
    },
    security: () => [{ accountToken: [] }],
    async authorize(c, operation) {
      await checkAccountRequest(c, accountToken(), operation.body !== undefined);
      return serverOf(c, store);
    },
    checks: {
      query: (c, schema) =>
        validQuery(c, schema, { status: 422, code: MailErrorCode.incompatibleJson }),
      body: checkBody,
    },
  };
}
