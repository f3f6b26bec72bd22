import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { developmentEnvironment } from '@clientkit/reference-server/development-options';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearClientkitEnvironment, stubClientkitEnvironment } from './support/environment';
import { type AnyClient, profiles } from './support/profiles';
import { refusal } from './support/refusal';

let server: ReferenceServer;
let url: string;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { start: '2026-06-01T08:00:00Z', frozen: true } });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

/** Nothing listens there: a client sent to it fails, which shows the variable was not used. */
const NOWHERE = 'http://127.0.0.1:9';

describe.each(profiles)('$name configured from the environment', (profile) => {
  const { method = 'GET', path } = profile.route;
  const reaches = async (client: AnyClient) =>
    profile.route.check(await client.request(method, path));
  const own = `CLIENTKIT_${profile.variable}_BASE_URL`;

  it('is built without options from the variables the reference server prints, and reaches its interface', async () => {
    stubClientkitEnvironment(developmentEnvironment(url));
    await reaches(profile.construct());
    await reaches(profile.construct({ retry: 0 }));
  });

  it(`reads ${'CLIENTKIT_<INTERFACE>_BASE_URL'} before CLIENTKIT_BASE_URL`, async () => {
    stubClientkitEnvironment({ ...developmentEnvironment(NOWHERE), [own]: url });
    await reaches(profile.construct({ retry: 0 }));
  });

  it('lets a baseUrl and credentials given in code win over every variable', async () => {
    stubClientkitEnvironment({
      ...developmentEnvironment(NOWHERE),
      [own]: NOWHERE,
      // Were these read next to the credentials in code, idm would refuse both, the others would send them.
      CLIENTKIT_DOCS_TOKEN: 'docs-wrong',
      CLIENTKIT_METERING_API_KEY: 'sk_test_wrong',
      CLIENTKIT_MAIL_ACCOUNT_TOKEN: 'mail-wrong',
      CLIENTKIT_IDM_TOKEN: 'wrong.token.here',
    });
    await reaches(profile.construct({ ...profile.development(url), retry: 0 }));
  });

  it('refuses a base URL from the environment by the rules of baseUrl, naming the variable and not the value', () => {
    stubClientkitEnvironment({
      ...developmentEnvironment(url),
      [own]: 'https://user:s3cret@example.com',
    });
    const error = refusal(() => profile.construct());
    expect(error.message).toBe(
      `Invalid options of ${profile.name}: ${own} must not carry credentials (user:password@)`,
    );
    expect(error.issues[0]?.path).toBe(own);
  });

  it('says a missing base URL is required, naming the option and both variables', () => {
    clearClientkitEnvironment();
    expect(refusal(() => profile.construct()).message).toMatch(
      new RegExp(
        `^Invalid options of ${profile.name}: baseUrl is required.*: pass .* or set ${own} or CLIENTKIT_BASE_URL`,
      ),
    );
  });
});

describe('credentials from the environment', () => {
  const required: [string, () => unknown, string][] = [
    [
      'DocsClient',
      () => profileNamed('DocsClient').construct(),
      'token is required: pass it or set CLIENTKIT_DOCS_TOKEN',
    ],
    [
      'MeteringClient',
      () => profileNamed('MeteringClient').construct(),
      'apiKey is required: pass it or set CLIENTKIT_METERING_API_KEY',
    ],
    [
      'MailClient',
      () => profileNamed('MailClient').construct(),
      'accountToken is required: pass it or set CLIENTKIT_MAIL_ACCOUNT_TOKEN',
    ],
    [
      'IdmClient',
      () => profileNamed('IdmClient').construct(),
      'token is required, or auth: pass one or set CLIENTKIT_IDM_TOKEN, or CLIENTKIT_IDM_CLIENT_ID, CLIENTKIT_IDM_CLIENT_SECRET and CLIENTKIT_IDM_AUDIENCE',
    ],
  ];
  for (const [name, build, message] of required) {
    it(`${name} without any says they are required and which variables give them`, () => {
      stubClientkitEnvironment({ CLIENTKIT_BASE_URL: url });
      expect(refusal(build).message).toBe(`Invalid options of ${name}: ${message}`);
    });
  }
});

function profileNamed(name: string) {
  const profile = profiles.find((candidate) => candidate.name === name);
  if (!profile) throw new Error(`no profile ${name}`);
  return profile;
}
