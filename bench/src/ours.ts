/**
 * Our five clients, built with the constructor options they take on the ky-based core: `baseUrl`
 * is the service origin for all of them. Each is imported on demand, so that a client package that
 * does not build in this checkout leaves its rows marked unavailable instead of stopping the run.
 */

/** Development credentials the reference server seeds (its CLI prints them at start). */
export const DEV = {
  docsToken: 'docs-dev-user-ada',
  calendarUser: 'editor',
  calendarPassword: 'EdiT oRPa ssW0 rdCa lEnD ar01',
  meteringKey: 'sk_test_clientkit_dev_key',
  mailAccountToken: 'mail-dev-account-token',
} as const;

export interface OurOptions {
  origin: string;
  fetch?: typeof fetch;
  /** The idm access token (minted by the server's admin route, or any string for a canned fetch). */
  idmToken?: string;
}

const withFetch = (options: OurOptions) => (options.fetch ? { fetch: options.fetch } : {});

export async function docsClient(options: OurOptions) {
  const { DocsClient } = await import('@clientkit/docs-client');
  return new DocsClient({ baseUrl: options.origin, token: DEV.docsToken, ...withFetch(options) });
}

export async function calendarClient(options: OurOptions) {
  const { CalendarClient, basicAuth } = await import('@clientkit/calendar-client');
  return new CalendarClient({
    baseUrl: options.origin,
    auth: basicAuth(DEV.calendarUser, DEV.calendarPassword),
    ...withFetch(options),
  });
}

export async function meteringClient(options: OurOptions) {
  const { MeteringClient } = await import('@clientkit/metering-client');
  return new MeteringClient({
    baseUrl: options.origin,
    apiKey: DEV.meteringKey,
    ...withFetch(options),
  });
}

export async function mailClient(options: OurOptions) {
  const { MailClient } = await import('@clientkit/mail-client');
  return new MailClient({
    baseUrl: options.origin,
    accountToken: DEV.mailAccountToken,
    ...withFetch(options),
  });
}

export async function idmClient(options: OurOptions) {
  const { IdmClient } = await import('@clientkit/idm-client');
  return new IdmClient({
    baseUrl: options.origin,
    token: options.idmToken ?? 'bench-token',
    ...withFetch(options),
  });
}

/** Why a client could not be built or loaded, in one line for a table cell. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `unavailable: ${message.split('\n')[0]!.slice(0, 70)}`;
}
