import { MAX_PAYLOAD_BYTES, PAYLOAD_TOO_LARGE_MESSAGE } from '@clientkit/contracts/idm';
import { type Duration, parseDuration } from '../../clock';
import { DEFAULT_IDM_AUDIENCE } from '../../development-credentials';
import type { InterfaceModule, ServerContext } from '../../interface';
import { ApiProblem } from '../../problem';
import { idmAdminTable, type MintedIdmToken } from './admin';
import { DISCOVERY_PATH, issuerOf, JWKS_PATH } from './discovery';
import { renderError, renderOAuthError } from './errors';
import { ALL_SCOPES, defaultMachineClients, type MachineClient } from './machine-clients';
import { Checkpoints } from './pagination';
import { IDM_BASE, TOKEN_PATH } from './paths';
import { RateLimiter, type RateLimitOptions } from './rate-limit';
import { IDM_OPENAPI_PATH, idmRoutes } from './routes';
import { idmSeed } from './seed';
import { type IdmState, IdmStore } from './store';
import { TokenService } from './tokens';

export type { MintedIdmToken } from './admin';
export type { MachineClient } from './machine-clients';
export type { RateLimitOptions } from './rate-limit';
export type { IdmState } from './store';

/** Options of the identity management interface. */
export interface IdmOptions {
  /** The `audience` token requests must name (default `https://idm.clientkit.test/api/v2/`). */
  audience?: string;
  /** The machine-to-machine applications that may get tokens (default: a full-access and a read-only one). */
  machineClients?: MachineClient[];
  /** The lifetime of exchanged tokens (default `24h`). */
  tokenLifetime?: Duration;
  /** The request budget reported in `x-ratelimit-*` headers, and whether it is enforced (default: not). */
  rateLimit?: RateLimitOptions;
}

/** Programmatic control of the identity management interface. */
export interface IdmControl {
  /**
   * A signed access token with any scopes and lifetime, dated on the server clock, for one origin
   * (`options.origin`, by default the server's own once it listens).
   */
  mintToken(options?: MintedIdmToken): Promise<string>;
  /** The audience token requests must name. */
  readonly audience: string;
  /** The applications that may exchange credentials for tokens (with their secrets). */
  readonly machineClients: readonly MachineClient[];
  /** Changes the request budget (and whether it is enforced), counting afresh. */
  configureRateLimit(options: RateLimitOptions): void;
  /** How many tokens `/oauth/token` has issued since the last reset. */
  exchangedTokens(): number;
  /**
   * Revokes every token issued so far (exchanged or minted; of the latest 10,000): the management
   * API refuses each with 401 `invalid_token` from now on. Resolves how many were revoked.
   */
  revokeTokens(): number;
  /** The store, for tests that look at or arrange the state directly. */
  readonly store: IdmStore;
}

/**
 * The origin a minted token will be used on: the one asked for, else the one the server listens
 * on. Tokens name the issuer of one origin, and the management API takes only its own origin's.
 */
function mintingOrigin(origin: string | undefined, context: ServerContext): string {
  const found = origin ?? context.origin?.();
  if (found === undefined) {
    throw new RangeError(
      'mintToken needs the origin the token will be sent to: pass { origin } (such as http://127.0.0.1:4010) or call listen() first',
    );
  }
  if (!URL.canParse(found)) throw new RangeError(`mintToken: origin ${found} is not a URL`);
  return found;
}

/**
 * Identity management under `/api/v2` and `/oauth/token`: client credentials tokens with scopes,
 * clients and logs, correlation ids in the log, the 1 MB body limit, rate-limit headers, and offset
 * and checkpoint pagination sized for the server's tenant kind.
 */
export function createIdmInterface(
  context: ServerContext,
  options: IdmOptions = {},
): { module: InterfaceModule; control: IdmControl } {
  const { clock } = context;
  const audience = options.audience ?? DEFAULT_IDM_AUDIENCE;
  const machineClients = options.machineClients ?? defaultMachineClients;
  const lifetimeMs = parseDuration(options.tokenLifetime ?? '24h');
  const store = new IdmStore(idmSeed(clock), clock);
  const tokens = new TokenService(clock, audience);
  const checkpoints = new Checkpoints(clock);
  const limiter = new RateLimiter(clock, options.rateLimit);
  let exchanged = 0;

  const mint = (minted: MintedIdmToken = {}) =>
    tokens.issue({
      clientId: minted.clientId ?? machineClients[0]?.clientId ?? 'idm_minted',
      scopes: minted.scopes ?? ALL_SCOPES,
      lifetimeMs: minted.expiresIn === undefined ? lifetimeMs : parseDuration(minted.expiresIn),
      issuer: issuerOf(mintingOrigin(minted.origin, context)),
    });

  const routes = idmRoutes({
    store,
    checkpoints,
    limiter,
    tenant: context.tenant,
    issuing: {
      tokens,
      machines: () => machineClients,
      audience,
      lifetimeMs,
      exchanged: () => {
        exchanged += 1;
      },
    },
  });

  const module: InterfaceModule = {
    name: 'idm',
    prefixes: [IDM_BASE, TOKEN_PATH],
    openapiPath: IDM_OPENAPI_PATH,
    // The interface's own limit: 1 MB (1,048,576 bytes) per request body.
    bodyLimit: {
      maxBytes: MAX_PAYLOAD_BYTES,
      tooLarge: () => new ApiProblem(413, PAYLOAD_TOO_LARGE_MESSAGE, 'payload_too_large'),
    },
    routes,
    error: (c, problem) =>
      c.req.path.startsWith(TOKEN_PATH)
        ? renderOAuthError(c, problem, limiter)
        : renderError(c, problem, limiter),
    reset() {
      store.state = idmSeed(clock);
      limiter.reset();
      tokens.reset();
      exchanged = 0;
    },
    seed(data) {
      store.state = data as IdmState;
    },
    // No snapshot(): the log keeps refusals too, and every write checks the whole request
    // before it writes (test/idm-refused-writes.test.ts shows a refusal changes no client).
    inspect: () => store.state,
    credentials: () => {
      const lines: Record<string, string> = {
        audience,
        'token URL': TOKEN_PATH,
        discovery: DISCOVERY_PATH,
        'key set': JWKS_PATH,
      };
      for (const machine of machineClients) {
        lines[`${machine.clientId} secret`] = machine.clientSecret;
        lines[`${machine.clientId} scopes`] = machine.scopes.join(' ');
      }
      return lines;
    },
    admin: idmAdminTable({
      mint,
      limiter,
      exchanged: () => exchanged,
      revoke: () => tokens.revokeAll(),
    }),
  };
  const control: IdmControl = {
    mintToken: async (minted) => (await mint(minted)).access_token,
    audience,
    machineClients,
    configureRateLimit: (rate) => void limiter.configure(rate),
    exchangedTokens: () => exchanged,
    revokeTokens: () => tokens.revokeAll(),
    store,
  };
  return { module, control };
}
