import { type Auth, basicAuth } from '@clientkit/core';
import { type ClientCredentials, clientCredentials } from '@clientkit/core/contract';
import {
  DEFAULT_IDM_AUDIENCE,
  DEV_TEST_KEY,
  DEVELOPMENT_ACCOUNT_TOKEN,
  DEVELOPMENT_USER_TOKEN,
  developmentMachineClients,
  developmentPasswords,
} from './development-credentials';
import { quoted, written } from './source-text';

export { developmentEnvironment } from './development-environment';

/**
 * The constructor options of each client for a reference server at one origin. They are written
 * here without the clients' own types (the server depends on no client); each fits its client's.
 */
export interface DevelopmentClientOptions {
  /** For `new DocsClient(...)`: Ada's user token. */
  docs: { baseUrl: string; token: string };
  /** For `new CalendarClient(...)`: the editor's application password. */
  calendar: { baseUrl: string; auth: Auth };
  /** For `new MeteringClient(...)`: the test API key. */
  metering: { baseUrl: string; apiKey: string };
  /** For `new MailClient(...)`: the account token. */
  mail: { baseUrl: string; accountToken: string };
  /** For `new IdmClient(...)`: the full-access machine client's credentials. */
  idm: { baseUrl: string; auth: ClientCredentials };
}

/**
 * The options to construct each of the five clients against a reference server at `origin`, with
 * the development credentials; the CLI prints them when it starts.
 *
 * @example
 * const { url } = await server.listen(0);
 * const docs = new DocsClient(developmentClientOptions(url).docs);
 */
export function developmentClientOptions(origin: string): DevelopmentClientOptions {
  const root = origin.replace(/\/+$/, '');
  const editorPassword = developmentPasswords.editor;
  const machine = developmentMachineClients.fullAccess;
  return {
    docs: { baseUrl: root, token: DEVELOPMENT_USER_TOKEN },
    calendar: {
      baseUrl: root,
      auth: written(
        basicAuth('editor', editorPassword),
        `basicAuth(${quoted('editor')}, ${quoted(editorPassword)})`,
      ),
    },
    metering: { baseUrl: root, apiKey: DEV_TEST_KEY },
    mail: { baseUrl: root, accountToken: DEVELOPMENT_ACCOUNT_TOKEN },
    idm: {
      baseUrl: root,
      auth: written(
        clientCredentials({
          clientId: machine.clientId,
          clientSecret: machine.clientSecret,
          audience: DEFAULT_IDM_AUDIENCE,
        }),
        `clientCredentials({ clientId: ${quoted(machine.clientId)}, clientSecret: ${quoted(machine.clientSecret)}, audience: ${quoted(DEFAULT_IDM_AUDIENCE)} })`,
      ),
    },
  };
}
