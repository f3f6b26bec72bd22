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

/** Test control under `/__admin/idm`: access tokens and the rate limit. */
export function idmAdminTable(
  mint: (options: MintedIdmToken) => Promise<{ access_token: string }>,
  limiter: RateLimiter,
): AdminTable {
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
      getIdmRateLimit: (c) => c.json(limiter.options),
      setIdmRateLimit: (c, _, input) =>
        c.json(limiter.configure((bodyOf(input, IdmRateLimitRequest) ?? {}) as RateLimitOptions)),
    },
    requests: { IdmTokenRequest, IdmRateLimitRequest },
  };
}
