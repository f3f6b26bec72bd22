/**
 * The credentials every interface accepts from the start. Kept in a module without imports so
 * that `developmentClientOptions` loads in any runtime, apart from the server that checks them.
 */

/** The seeded docs user token of Ada, owner of the handbook space. */
export const DEVELOPMENT_USER_TOKEN = 'docs-dev-user-ada';

/** The calendar application passwords of the seeded users. */
export const developmentPasswords = {
  editor: 'EdiT oRPa ssW0 rdCa lEnD ar01',
  subscriber: 'SubS cRiB erPa ssW0 rdCa l001',
} as const;

/** A metering test-mode key and a live-mode key. */
export const DEV_TEST_KEY = 'sk_test_clientkit_dev_key';
export const DEV_LIVE_KEY = 'sk_live_clientkit_dev_key';

/** The inbound mail account token. */
export const DEVELOPMENT_ACCOUNT_TOKEN = 'mail-dev-account-token';

/** The audience of the identity management interface's tokens unless the options name another. */
export const DEFAULT_IDM_AUDIENCE = 'https://idm.clientkit.test/api/v2/';

/** The identity management machine clients, with every scope and with read scopes only. */
export const developmentMachineClients = {
  fullAccess: { clientId: 'idm_dev_full_access', clientSecret: 'idm-dev-secret-full-access' },
  readOnly: { clientId: 'idm_dev_read_only', clientSecret: 'idm-dev-secret-read-only' },
} as const;
