import { z } from 'zod/mini';
import { type AdminTable, adminOperation } from '../../admin/table';
import type { Duration } from '../../clock';
import { bodyOf } from '../../operations';
import type { RateLimiter, RateLimitOptions } from './rate-limit';

/** What the admin token route and `mintToken` take. */
export interface MintedIdmToken {
  /** The scopes of the token, any strings (default: every scope of clients and logs). */
  scopes?: string[];
  /** Its lifetime, such as `1h` or `90s` (default: the interface's token lifetime). */
  expiresIn?: Duration;
  /** The application it speaks for (default the full-access development application). */
  clientId?: string;
  /**
   * The origin it will be sent to, such as `http://127.0.0.1:4010`, which names its issuer
   * (default: the server's own origin once it listens; for the admin route, the route's origin).
   */
  origin?: string;
}

const IdmTokenRequest = z.optional(
  z.strictObject({
    scopes: z.optional(z.array(z.string())),
    expiresIn: z.optional(z.union([z.number(), z.string()])),
    clientId: z.optional(z.string()),
    origin: z.optional(z.string()),
  }),
);
const IdmRateLimitRequest = z.optional(
  z.strictObject({
    limit: z.optional(z.number()),
    window: z.optional(z.union([z.number(), z.string()])),
    enforce: z.optional(z.boolean()),
  }),
);

/** What the idm admin routes reach. */
export interface IdmAdminDeps {
  mint: (options: MintedIdmToken) => Promise<{ access_token: string }>;
  limiter: RateLimiter;
  /** How many tokens the token route has issued since the last reset. */
  exchanged: () => number;
  /** Revokes every token issued so far; answers how many. */
  revoke: () => number;
}

/** Test control under `/__admin/idm`: access tokens, their exchanges and revocation, and the rate limit. */
export function idmAdminTable({ mint, limiter, exchanged, revoke }: IdmAdminDeps): AdminTable {
  return {
    operations: [
      adminOperation(
        'mintIdmToken',
        'POST',
        '/tokens',
        'An access token, as the token route answers',
        {
          body: IdmTokenRequest,
          success: { 201: 'Minted' },
        },
      ),
      adminOperation(
        'countIdmTokens',
        'GET',
        '/tokens',
        'How many tokens the token route has issued since the last reset',
      ),
      adminOperation(
        'revokeIdmTokens',
        'POST',
        '/tokens/revoke',
        'Revoke every token issued so far: each is refused with 401 invalid_token from now on',
      ),
      adminOperation('getIdmRateLimit', 'GET', '/rate-limit', 'The rate limit options'),
      adminOperation('setIdmRateLimit', 'POST', '/rate-limit', 'New rate limit options', {
        body: IdmRateLimitRequest,
        errors: { 400: 'A limit or window that is not valid' },
      }),
    ],
    handlers: {
      mintIdmToken: async (c, _, input) => {
        const body = (bodyOf(input, IdmTokenRequest) ?? {}) as MintedIdmToken;
        return c.json(await mint({ origin: new URL(c.req.url).origin, ...body }), 201);
      },
      countIdmTokens: (c) => c.json({ exchanged: exchanged() }),
      revokeIdmTokens: (c) => c.json({ revoked: revoke() }),
      getIdmRateLimit: (c) => c.json(limiter.options),
      setIdmRateLimit: (c, _, input) =>
        c.json(limiter.configure((bodyOf(input, IdmRateLimitRequest) ?? {}) as RateLimitOptions)),
    },
    requests: { IdmTokenRequest, IdmRateLimitRequest },
  };
}
