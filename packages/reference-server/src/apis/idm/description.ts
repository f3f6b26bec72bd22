import {
  CLIENT_METADATA_LIMITS,
  ClientMetadata,
  CreateClientBody,
  type IdmAuth,
  idm,
  idmAccess,
  idmFor,
  type Tenant,
  UpdateClientBody,
} from '@clientkit/contracts/idm';
import * as responses from '@clientkit/contracts/idm/responses';
import { z } from 'zod/mini';
import {
  type DocumentationOf,
  type InterfaceDescription,
  jsonSchemaHints,
  type Operation,
  operationsOf,
} from '../../operations';
import { authorizeBearer } from './authorize';
import { idmRequestChecks } from './request-checks';
import { TokenParameters } from './token-parameters';
import type { Caller, TokenService } from './tokens';

const {
  Client,
  ClientCheckpointList,
  ClientPlainList,
  ClientTotalsList,
  IdmErrorBody,
  LogCheckpointList,
  LogEvent,
  LogPlainList,
  LogTotalsList,
  OAuthErrorBody,
  TokenResponse,
} = responses;

/**
 * A listing answers an offset page, a bare array or with totals as `include_totals` asks, or a
 * checkpoint page: the contract declares each page apart, the document names the union.
 */
const ClientListing = z.union([ClientPlainList, ClientTotalsList, ClientCheckpointList]);
const LogListing = z.union([LogPlainList, LogTotalsList, LogCheckpointList]);

// Rules the JSON Schema generator cannot read from the contract's refinements.
jsonSchemaHints.set(ClientMetadata, {
  type: 'object',
  maxProperties: CLIENT_METADATA_LIMITS.maxProperties,
  propertyNames: { maxLength: CLIENT_METADATA_LIMITS.maxNameLength },
  additionalProperties: { type: 'string', maxLength: CLIENT_METADATA_LIMITS.maxValueLength },
});
// A change names at least one field (its object refuses unknown ones).
jsonSchemaHints.set(UpdateClientBody, { minProperties: 1 });
jsonSchemaHints.set(TokenResponse.shape.token_type, {
  type: 'string',
  pattern: '^[Bb][Ee][Aa][Rr][Ee][Rr]$',
});

const BEARER_ERRORS = [401, 403, 429] as const;
const BODY_ERRORS = [400, 413, 415] as const;

const BEARER_STATUSES = {
  401: 'The bearer token is missing, invalid or expired (invalid_token)',
  403: 'The token lacks the scope of the operation (insufficient_scope)',
  429: 'The rate limit is spent (only when it is enforced)',
};
const BODY_STATUSES = {
  400: 'A bad body (invalid_body), naming the field',
  413: 'The body is larger than 1 MB',
  415: 'The body is not JSON',
};
const LIST_STATUSES = {
  400: 'A bad query, or an offset page past the first 1000 (invalid_paging)',
  ...BEARER_STATUSES,
};

/** What the idm document says of each operation, beyond what the contract declares. */
const idmDocumentation: DocumentationOf<typeof idm> = {
  getClients: {
    summary: 'List clients, oldest first (checkpoint or offset pages)',
    success: [200],
    errors: [400, ...BEARER_ERRORS],
    statuses: LIST_STATUSES,
  },
  getClient: {
    summary: 'A client',
    success: [200],
    errors: [404, ...BEARER_ERRORS],
    statuses: { 404: 'No such client (inexistent_client)', ...BEARER_STATUSES },
  },
  createClient: {
    summary: 'Create a client',
    success: [201],
    errors: [...BODY_ERRORS, ...BEARER_ERRORS],
    statuses: { ...BODY_STATUSES, ...BEARER_STATUSES },
  },
  updateClient: {
    summary: 'Change some properties of a client',
    success: [200],
    errors: [...BODY_ERRORS, 404, ...BEARER_ERRORS],
    statuses: {
      ...BODY_STATUSES,
      404: 'No such client (inexistent_client)',
      ...BEARER_STATUSES,
    },
  },
  deleteClient: {
    summary: 'Delete a client (also when it is already gone, so retries are safe)',
    success: [204],
    errors: BEARER_ERRORS,
    statuses: { 204: 'Deleted, or there was no such client', ...BEARER_STATUSES },
  },
  getLogs: {
    summary:
      'List log events, newest first (checkpoint pages, also from a log id, or offset pages)',
    success: [200],
    errors: [400, ...BEARER_ERRORS],
    statuses: LIST_STATUSES,
  },
  getLog: {
    summary: 'A log event',
    success: [200],
    errors: [404, ...BEARER_ERRORS],
    statuses: { 404: 'No such log event (inexistent_log)', ...BEARER_STATUSES },
  },
  getToken: {
    summary: 'Exchange client credentials for an access token',
    success: [200],
    errors: [400, 401, 403, 429],
    bodyTypes: ['application/json', 'application/x-www-form-urlencoded'],
    errorBody: OAuthErrorBody,
    statuses: {
      400: 'A bad request (invalid_request) or another grant (unsupported_grant_type)',
      401: 'Unknown client or wrong secret (invalid_client; WWW-Authenticate: Basic after Basic)',
      403: 'The audience is not this API (access_denied)',
      429: 'The rate limit is spent (too_many_requests; only when it is enforced)',
    },
  },
};

/**
 * What this server serves beyond the contract: the page forms a listing answers, as one union for
 * the document, and the token exchange's parameters read as an authorization server does (unknown
 * ones ignored, the credentials possibly in a Basic header instead of the body).
 */
const served: { [Id in keyof typeof idm.operations]?: Partial<Operation<IdmAuth>> } = {
  getClients: { response: ClientListing },
  getLogs: { response: LogListing },
  getToken: { body: TokenParameters },
};

/**
 * The contract's operations for a tenant, as this server serves and documents them: each path from
 * the site's root (the token exchange lives outside `/api/v2`), with what `served` adds.
 */
export function idmOperations(tenant: Tenant): Operation<IdmAuth>[] {
  const contract = idmFor(tenant);
  return operationsOf(contract, idmAccess, idmDocumentation).map((operation) => {
    const id = operation.id as keyof typeof idm.operations;
    const declared = contract.operations[id] as { base?: string };
    const path = `${declared.base ?? contract.base}${operation.path}`;
    return { ...operation, path, ...served[id] };
  });
}

const actions: Record<string, string> = {
  read: 'Read',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
};

/** What each scope lets a token do, for the document: `read:clients` reads clients. */
function scopeDescriptions(auths: IdmAuth[]): Record<string, string> {
  const scopes = auths.filter((auth) => auth !== 'client credentials');
  return Object.fromEntries(
    [...new Set(scopes)].map((scope) => {
      const [action, resource] = scope.split(':') as [string, string];
      return [scope, `${actions[action] ?? action} ${resource}`];
    }),
  );
}

/**
 * The identity management interface as the shared operation module sees it. The management API
 * takes tokens from the token exchange (OAuth client credentials), each operation naming the one
 * scope it needs; the exchange itself authenticates the client from its body or its Basic header.
 */
export function idmDescription(
  tokens: TokenService,
  tenant: Tenant,
): InterfaceDescription<IdmAuth, Caller | undefined> {
  const operations = idmOperations(tenant);
  return {
    title: 'Identity management API',
    version: '2',
    description:
      `Clients and the tenant log under ${idm.base}, with offset or checkpoint pages, and the client ` +
      `credentials exchange at ${idm.operations.getToken.path}, which answers OAuth error bodies. ` +
      'Request bodies are at most 1 MB; every answer reports the rate limit in x-ratelimit-* headers.',
    tags: {
      clients: 'Applications (clients) of the tenant',
      logs: 'Log events of the tenant, newest first or from a checkpoint',
      oauth: 'The token endpoint: access tokens by the client credentials grant',
    },
    base: '',
    operations,
    components: {
      responses: {
        Client,
        ClientListing,
        LogEvent,
        LogListing,
        TokenResponse,
        IdmErrorBody,
        OAuthErrorBody,
      },
      requests: { CreateClientBody, UpdateClientBody, TokenParameters },
    },
    errorBody: IdmErrorBody,
    securitySchemes: {
      managementToken: {
        type: 'oauth2',
        description: 'A bearer JWT from the client credentials exchange',
        flows: {
          clientCredentials: {
            tokenUrl: idm.operations.getToken.path,
            scopes: scopeDescriptions(operations.map((operation) => operation.auth)),
          },
        },
      },
      clientSecretBasic: {
        type: 'http',
        scheme: 'basic',
        description:
          'client_secret_basic at the token endpoint: the form-urlencoded client id and secret, ' +
          'left out of the body (client_secret_post, in the body, needs no header)',
      },
    },
    security: (auth): Record<string, string[]>[] =>
      auth === 'client credentials'
        ? [{}, { clientSecretBasic: [] }]
        : [{ managementToken: [auth] }],
    authorize: (c, operation) =>
      operation.auth === 'client credentials'
        ? undefined
        : authorizeBearer(c, tokens, operation.auth),
    checks: idmRequestChecks,
  };
}
