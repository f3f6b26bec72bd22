import type { FirstResponseProgram } from './first-response';
import { DEV } from './ours';

/**
 * The fresh processes of the first-response figure: each of our clients, the official SDKs it is
 * compared with (@gitbook/api for docs, postmark for mail), bare ky and fetch alone, each making
 * one call to the reference server as an application would, with its constructor options and the
 * development credentials; and zod/mini alone, which every client imports, checking one object.
 */
export const FIRST_RESPONSE_PROGRAMS: FirstResponseProgram[] = [
  {
    name: '@clientkit/docs-client',
    load: `const { DocsClient } = await import('@clientkit/docs-client');`,
    call: `await new DocsClient({ baseUrl: ORIGIN, token: '${DEV.docsToken}' }).spaces.get('space_handbook');`,
  },
  {
    name: '@clientkit/calendar-client',
    load: `const { CalendarClient, basicAuth } = await import('@clientkit/calendar-client');`,
    call: `await new CalendarClient({ baseUrl: ORIGIN, auth: basicAuth('${DEV.calendarUser}', '${DEV.calendarPassword}') }).events.list({ per_page: 10 });`,
  },
  {
    // events.send asks for a session first, then sends the batch: two requests.
    name: '@clientkit/metering-client',
    load: `const { MeteringClient } = await import('@clientkit/metering-client');`,
    call: `await new MeteringClient({ baseUrl: ORIGIN, apiKey: '${DEV.meteringKey}' }).events.send([{ event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } }]);`,
  },
  {
    name: '@clientkit/mail-client',
    load: `const { MailClient } = await import('@clientkit/mail-client');`,
    call: `await new MailClient({ baseUrl: ORIGIN, accountToken: '${DEV.mailAccountToken}' }).servers.get(1);`,
  },
  {
    name: '@clientkit/idm-client',
    load: `const { IdmClient } = await import('@clientkit/idm-client');`,
    call: `await new IdmClient({ baseUrl: ORIGIN, token: IDM_TOKEN }).clients.list();`,
  },
  {
    name: '@gitbook/api',
    load: `const { GitBookAPI } = await import('@gitbook/api');`,
    call: `await new GitBookAPI({ endpoint: ORIGIN, authToken: '${DEV.docsToken}' }).spaces.getSpaceById('space_handbook');`,
  },
  {
    // Our spec renames postmark's account token header; the fetch renames it, as the shims do.
    name: 'postmark',
    load: `const { AccountClient } = await import('postmark');`,
    call: `const renamed = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('x-mail-account-token', headers.get('x-postmark-account-token'));
  headers.delete('x-postmark-account-token');
  return fetch(input, { ...init, headers });
};
await new AccountClient('${DEV.mailAccountToken}', { useHttps: false, requestHost: new URL(ORIGIN).host, fetch: renamed }).getServer(1);`,
  },
  {
    name: 'ky',
    load: `const { default: ky } = await import('ky');`,
    call: `await ky(ORIGIN + '/v1/spaces/space_handbook', { headers: { authorization: 'Bearer ${DEV.docsToken}' } }).json();`,
  },
  {
    // What every client's import pays for zod: the entry re-exports all of it, locales included.
    name: 'zod/mini',
    load: `const z = await import('zod/mini');`,
    call: `z.parse(z.object({ id: z.string() }), { id: 'space_handbook' });`,
  },
  {
    name: 'fetch',
    load: '',
    call: `const response = await fetch(ORIGIN + '/v1/spaces/space_handbook', { headers: { authorization: 'Bearer ${DEV.docsToken}' } });
if (!response.ok) throw new Error('status ' + response.status);
await response.json();`,
  },
];

/** Each of our packages with the program it is compared with, for the ratios. */
export const FIRST_RESPONSE_PEERS: Record<string, string> = {
  '@clientkit/docs-client': '@gitbook/api',
  '@clientkit/mail-client': 'postmark',
};
