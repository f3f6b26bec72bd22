import { type ClientCredentialsOptions, clientCredentials } from '@clientkit/core/contract';

/**
 * Client credentials made of `CLIENTKIT_IDM_CLIENT_ID`, `CLIENTKIT_IDM_CLIENT_SECRET` and
 * `CLIENTKIT_IDM_AUDIENCE`, as the client reads them from the environment. (The browser build,
 * where no variable is read, has none: see credential-variables.browser.ts.)
 */
export const credentialsFromVariables: ((values: Record<string, string>) => unknown) | undefined = (
  values,
) => clientCredentials(values as unknown as ClientCredentialsOptions);
