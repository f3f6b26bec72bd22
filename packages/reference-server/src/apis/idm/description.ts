import { IdmErrorBody, type Tenant } from '@clientkit/idm-client/schemas';
import type { InterfaceDescription } from '../../operations';
import { authorizeBearer } from './authorize';
import { type IdmAuth, idmComponents, idmOperations, TOKEN_PATH } from './operations';
import { idmRequestChecks } from './request-checks';
import type { Caller, TokenService } from './tokens';

const actions: Record<string, string> = {
  read: 'Read',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
};

/** What each scope lets a token do, for the document: `read:clients` reads clients. */
function scopeDescriptions(auths: IdmAuth[]): Record<string, string> {
  const scopes = auths.flatMap((auth) => (auth === 'client credentials' ? [] : [auth.scope]));
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
      'Clients and the tenant log under /api/v2, with offset or checkpoint pages, and the client ' +
      `credentials exchange at ${TOKEN_PATH}, which answers OAuth error bodies. Request bodies are ` +
      'at most 1 MB; every answer reports the rate limit in x-ratelimit-* headers.',
    base: '',
    operations,
    components: idmComponents,
    errorBody: IdmErrorBody,
    securitySchemes: {
      managementToken: {
        type: 'oauth2',
        description: 'A bearer JWT from the client credentials exchange',
        flows: {
          clientCredentials: {
            tokenUrl: TOKEN_PATH,
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
        : [{ managementToken: [auth.scope] }],
    authorize: (c, operation) =>
      operation.auth === 'client credentials'
        ? undefined
        : authorizeBearer(c, tokens, operation.auth.scope),
    checks: idmRequestChecks,
  };
}
