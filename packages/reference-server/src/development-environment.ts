import {
  DEFAULT_IDM_AUDIENCE,
  DEV_TEST_KEY,
  DEVELOPMENT_ACCOUNT_TOKEN,
  DEVELOPMENT_USER_TOKEN,
  developmentMachineClients,
  developmentPasswords,
} from './development-credentials';

/**
 * The environment variables that configure all five clients for a reference server at `origin`,
 * with the development credentials: with them set, `new DocsClient()` and the others need no
 * options. The CLI prints them as `export` lines for a shell.
 *
 * @example
 * const { url } = await server.listen(0);
 * spawn(process.execPath, ['app.mjs'], { env: { ...process.env, ...developmentEnvironment(url) } });
 */
export function developmentEnvironment(origin: string): Record<string, string> {
  const machine = developmentMachineClients.fullAccess;
  return {
    CLIENTKIT_BASE_URL: origin.replace(/\/+$/, ''),
    CLIENTKIT_DOCS_TOKEN: DEVELOPMENT_USER_TOKEN,
    CLIENTKIT_CALENDAR_USERNAME: 'editor',
    CLIENTKIT_CALENDAR_PASSWORD: developmentPasswords.editor,
    CLIENTKIT_METERING_API_KEY: DEV_TEST_KEY,
    CLIENTKIT_MAIL_ACCOUNT_TOKEN: DEVELOPMENT_ACCOUNT_TOKEN,
    CLIENTKIT_IDM_CLIENT_ID: machine.clientId,
    CLIENTKIT_IDM_CLIENT_SECRET: machine.clientSecret,
    CLIENTKIT_IDM_AUDIENCE: DEFAULT_IDM_AUDIENCE,
  };
}
