import { randomBytes } from 'node:crypto';
import { docsSchemes, docsScopes } from '@clientkit/contracts/docs';
import { tooLargeMessage } from '../../body-limit';
import { DEVELOPMENT_USER_TOKEN } from '../../development-credentials';
import type { InterfaceModule, ServerContext } from '../../interface';
import { ApiProblem } from '../../problem';
import { SecretMap } from '../../secret-map';
import { docsAdminTable, type MintedDocsToken } from './admin';
import { DOCS_BASE, DOCS_OPENAPI_PATH, docsRoutes } from './routes';
import type { Principal } from './security';
import { docsSeed } from './seed';
import { type DocsState, DocsStore } from './store';

export type { MintedDocsToken } from './admin';
export type { DocsScheme, DocsScope } from './security';

/** Programmatic control of the documentation interface. */
export interface DocsControl {
  /** Issues a token of any scheme; it stays valid until the server is reset. */
  mintToken(options: MintedDocsToken): string;
  /** The store, for tests that look at or arrange the state directly. */
  readonly store: DocsStore;
}

/** Tokens that exist from the start, printed by the CLI. */
const developmentTokens: Record<string, Principal> = {
  [DEVELOPMENT_USER_TOKEN]: { scheme: 'user', userId: 'usr_ada' },
  'docs-dev-user-brian': { scheme: 'user', userId: 'usr_brian' },
  'docs-dev-user-internal': { scheme: 'user-internal', userId: 'usr_ada' },
  'docs-dev-integration': { scheme: 'integration' },
  'docs-dev-oauth-all': { scheme: 'oauth', userId: 'usr_ada', scopes: [...docsScopes] },
};

export function createDocsInterface(context: ServerContext): {
  module: InterfaceModule;
  control: DocsControl;
} {
  const store = new DocsStore(docsSeed(), context.clock);
  const tokens = new SecretMap<Principal>(Object.entries(developmentTokens));
  const signingKey = randomBytes(32).toString('hex');

  const mintToken = (options: MintedDocsToken): string => {
    if (!(docsSchemes as readonly string[]).includes(options.scheme)) {
      throw new RangeError(`scheme must be one of ${docsSchemes.join(', ')}`);
    }
    const unknownScope = (options.scopes ?? []).find(
      (scope) => !(docsScopes as readonly string[]).includes(scope),
    );
    if (unknownScope) throw new RangeError(`unknown scope "${unknownScope}"`);
    const token = `docs_${options.scheme.replace(/-/g, '_')}_${randomBytes(12).toString('hex')}`;
    const acting = options.scheme.startsWith('integration')
      ? undefined
      : (options.userId ?? 'usr_ada');
    tokens.set(token, {
      scheme: options.scheme,
      ...(acting ? { userId: acting } : {}),
      ...(options.scheme === 'oauth' ? { scopes: options.scopes ?? [] } : {}),
    });
    return token;
  };

  const module: InterfaceModule = {
    name: 'docs',
    prefixes: [DOCS_BASE],
    openapiPath: DOCS_OPENAPI_PATH,
    // Every body of the interface is a small JSON object (settings, invitations, Git options).
    bodyLimit: {
      maxBytes: 1024 * 1024,
      tooLarge: (maxBytes) => new ApiProblem(413, tooLargeMessage(maxBytes)),
    },
    routes: docsRoutes(store, tokens, signingKey),
    error: (c, problem) =>
      c.json({ error: { code: problem.status, message: problem.message } }, problem.status as 400),
    reset() {
      store.state = docsSeed();
      tokens.clear();
      for (const [token, principal] of Object.entries(developmentTokens))
        tokens.set(token, principal);
    },
    seed(data) {
      store.state = structuredClone(data as DocsState);
    },
    snapshot() {
      const kept = structuredClone(store.state);
      return () => {
        store.state = kept;
      };
    },
    inspect: () => structuredClone(store.state),
    credentials: () => ({
      'user token (usr_ada)': DEVELOPMENT_USER_TOKEN,
      'user token (usr_brian)': 'docs-dev-user-brian',
      'user-internal token': 'docs-dev-user-internal',
      'integration token': 'docs-dev-integration',
      'oauth token (all scopes)': 'docs-dev-oauth-all',
    }),
    admin: docsAdminTable(mintToken),
  };
  return { module, control: { mintToken, store } };
}
