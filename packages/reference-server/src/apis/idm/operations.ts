import {
  Client,
  ClientCheckpointList,
  ClientOffsetList,
  CreateClientBody,
  IdmErrorBody,
  ListQuery,
  LogCheckpointList,
  LogEvent,
  LogOffsetList,
  MAX_PAGE_SIZE,
  OAuthErrorBody,
  type Tenant,
  TokenRequest,
  TokenResponse,
  UpdateClientBody,
} from '@clientkit/idm-client/schemas';
import { z } from 'zod/mini';
import type { Operation } from '../../operations';

/** The management API's base path. */
export const IDM_BASE = '/api/v2';

/** The path of the client credentials exchange. */
export const TOKEN_PATH = '/oauth/token';

/**
 * Who may call an operation: a bearer token granting one scope (the management API), or the
 * client's own credentials in the body (the token exchange, which takes no bearer token).
 */
export type IdmAuth = { scope: string } | 'client credentials';

export type IdmOperation = Operation<IdmAuth>;

/** A listing answers an offset page or a checkpoint page, as its query asks. */
export const ClientListing = z.union([ClientOffsetList, ClientCheckpointList]);
export const LogListing = z.union([LogOffsetList, LogCheckpointList]);

/**
 * The token request as the server reads it: the client's strict schema, less its refusal of
 * unknown parameters, which an authorization server ignores (RFC 6749 §3.2). The credentials are
 * optional in the body because a client may send them by `Authorization: Basic` instead.
 */
export const TokenParameters = z.looseObject({
  ...TokenRequest.shape,
  client_id: z.optional(TokenRequest.shape.client_id),
  client_secret: z.optional(TokenRequest.shape.client_secret),
});

const TOKEN_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

const OK = { 200: 'OK' };
const BEARER_ERRORS = {
  401: 'The bearer token is missing, invalid or expired',
  403: 'The token lacks the scope of the operation',
  429: 'The rate limit is spent (only when it is enforced)',
};

const scope = (name: string): IdmAuth => ({ scope: name });

/**
 * Every operation of the interface, in the order of its resource table. The list query depends
 * on the tenant kind (page sizes up to 50 or 100), so the table is made for one tenant.
 */
export function idmOperations(tenant: Tenant): IdmOperation[] {
  const query = ListQuery(MAX_PAGE_SIZE[tenant]);
  return [
    {
      id: 'getClients',
      methods: ['GET'],
      path: `${IDM_BASE}/clients`,
      summary: 'List clients, oldest first (offset or checkpoint pages)',
      auth: scope('read:clients'),
      query,
      response: ClientListing,
      success: OK,
      errors: { 400: 'A bad query, or an offset page past the first 1000', ...BEARER_ERRORS },
    },
    {
      id: 'getClient',
      methods: ['GET'],
      path: `${IDM_BASE}/clients/{id}`,
      summary: 'A client',
      auth: scope('read:clients'),
      response: Client,
      success: OK,
      errors: { 404: 'No such client (inexistent_client)', ...BEARER_ERRORS },
    },
    {
      id: 'createClient',
      methods: ['POST'],
      path: `${IDM_BASE}/clients`,
      summary: 'Create a client',
      auth: scope('create:clients'),
      body: CreateClientBody,
      response: Client,
      success: { 201: 'Created' },
      errors: {
        400: 'A bad body (invalid_body), naming the field',
        413: 'The body is larger than 1 MB',
        415: 'The body is not JSON',
        ...BEARER_ERRORS,
      },
    },
    {
      id: 'updateClient',
      methods: ['PATCH'],
      path: `${IDM_BASE}/clients/{id}`,
      summary: 'Change some properties of a client',
      auth: scope('update:clients'),
      body: UpdateClientBody,
      response: Client,
      success: OK,
      errors: {
        400: 'A bad body (invalid_body), naming the field',
        404: 'No such client (inexistent_client)',
        413: 'The body is larger than 1 MB',
        415: 'The body is not JSON',
        ...BEARER_ERRORS,
      },
    },
    {
      id: 'deleteClient',
      methods: ['DELETE'],
      path: `${IDM_BASE}/clients/{id}`,
      summary: 'Delete a client (also when it is already gone, so retries are safe)',
      auth: scope('delete:clients'),
      success: { 204: 'Deleted, or there was no such client' },
      errors: BEARER_ERRORS,
    },
    {
      id: 'getLogs',
      methods: ['GET'],
      path: `${IDM_BASE}/logs`,
      summary: 'List log events, newest first (offset pages, or checkpoint pages from a log id)',
      auth: scope('read:logs'),
      query,
      response: LogListing,
      success: OK,
      errors: { 400: 'A bad query, or an offset page past the first 1000', ...BEARER_ERRORS },
    },
    {
      id: 'getLog',
      methods: ['GET'],
      path: `${IDM_BASE}/logs/{id}`,
      summary: 'A log event',
      auth: scope('read:logs'),
      response: LogEvent,
      success: OK,
      errors: { 404: 'No such log event (inexistent_log)', ...BEARER_ERRORS },
    },
    {
      id: 'getToken',
      methods: ['POST'],
      path: TOKEN_PATH,
      summary: 'Exchange client credentials for an access token',
      auth: 'client credentials',
      body: TokenParameters,
      bodyTypes: TOKEN_BODY_TYPES,
      response: TokenResponse,
      success: OK,
      errorBody: OAuthErrorBody,
      errors: {
        400: 'A bad request (invalid_request) or another grant (unsupported_grant_type)',
        401: 'Unknown client or wrong secret (invalid_client; WWW-Authenticate: Basic after Basic)',
        403: 'The audience is not this API (access_denied)',
        429: 'The rate limit is spent (too_many_requests; only when it is enforced)',
      },
    },
  ];
}

/** The named schemas of the document. */
export const idmComponents = {
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
};
