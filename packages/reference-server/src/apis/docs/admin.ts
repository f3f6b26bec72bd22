import { z } from 'zod/mini';
import { type AdminTable, adminOperation } from '../../admin/table';
import { bodyOf } from '../../operations';
import type { DocsScheme, DocsScope } from './security';

/** What `mintToken` takes: a scheme, the user it acts for, and OAuth scopes. */
export interface MintedDocsToken {
  scheme: DocsScheme;
  /** The user the token speaks for (user, user-internal, user-staff and oauth tokens); default usr_ada. */
  userId?: string;
  /** OAuth scopes (oauth tokens only). */
  scopes?: DocsScope[];
}

/**
 * The scheme and scopes are plain text here: the minting function names the ones it knows when it
 * refuses one, which says more than a list of allowed values would.
 */
const DocsTokenRequest = z.strictObject({
  scheme: z.string(),
  userId: z.optional(z.string()),
  scopes: z.optional(z.array(z.string())),
});

/** Test control under `/__admin/docs`: tokens of any scheme. */
export function docsAdminTable(mintToken: (options: MintedDocsToken) => string): AdminTable {
  return {
    operations: [
      adminOperation('mintDocsToken', 'POST', '/tokens', 'A docs token of any scheme', {
        body: DocsTokenRequest,
        success: { 201: 'Minted; valid until the server is reset' },
        errors: { 400: 'An unknown scheme or scope' },
      }),
    ],
    handlers: {
      mintDocsToken: (c, _, input) =>
        c.json({ token: mintToken(bodyOf(input, DocsTokenRequest) as MintedDocsToken) }, 201),
    },
    requests: { DocsTokenRequest },
  };
}
