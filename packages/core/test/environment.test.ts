/**
 * A client built on core reads the base URL and credentials its code leaves out from environment
 * variables, where a runtime has them; what code gives always wins.
 */
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  type Auth,
  basicAuth,
  bearerAuth,
  ClientCore,
  type ClientDefinition,
  type Contract,
  defineContract,
  RequestValidationError,
  secretOption,
} from './core';
import { useNock } from './helpers';

useNock();

const scope = globalThis as { document?: unknown; importScripts?: unknown };
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  delete scope.document;
  delete scope.importScripts;
});

const contract = defineContract({
  name: 'toy',
  base: '/v1',
  operations: {
    getThing: {
      sdk: 'things.get',
      method: 'GET',
      path: '/thing',
      response: z.looseObject({}),
    },
  },
}) as Contract;

/** A toy interface taking a token, or a user name and password, as a real client's definition would. */
const definition: ClientDefinition<Contract> = {
  name: 'ToyClient',
  contract,
  options: ['baseUrl', 'token', 'auth'],
  errorFields: () => undefined,
  environment: {
    baseUrl: 'CLIENTKIT_TOY_BASE_URL',
    credentialOptions: ['token', 'auth'],
    credentials: [
      { option: 'token', variables: { token: 'CLIENTKIT_TOY_TOKEN' } },
      {
        option: 'auth',
        variables: { username: 'CLIENTKIT_TOY_USERNAME', password: 'CLIENTKIT_TOY_PASSWORD' },
        build: ({ username, password }) => basicAuth(username!, password!),
      },
    ],
    credentialsRequired: true,
  },
  browserSecret: (options) => (typeof options.token === 'string' ? 'its token' : undefined),
};

function toyClient(options: Record<string, unknown> = {}) {
  return new ClientCore(definition, options, (checked, subject): Auth | undefined =>
    checked.auth !== undefined
      ? (checked.auth as Auth)
      : bearerAuth(secretOption(checked.token, 'token', subject)),
  );
}

/** Clears every variable the toy reads, so that the machine's own environment cannot leak in. */
function stubEnvironment(values: Record<string, string> = {}) {
  for (const name of [
    'CLIENTKIT_BASE_URL',
    'CLIENTKIT_TOY_BASE_URL',
    'CLIENTKIT_TOY_TOKEN',
    'CLIENTKIT_TOY_USERNAME',
    'CLIENTKIT_TOY_PASSWORD',
  ]) {
    vi.stubEnv(name, values[name]);
  }
}

function refusal(build: () => unknown): RequestValidationError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  throw new Error('expected the options to be refused');
}

/** The headers the toy's one call sends, answered by nock at `origin`. */
async function sentHeaders(client: ReturnType<typeof toyClient>, origin: string) {
  let headers: Record<string, string | string[] | undefined> = {};
  nock(origin)
    .get('/v1/thing')
    .reply(function reply() {
      headers = this.req.headers;
      return [200, {}];
    });
  await client.call(contract.operations.getThing!, {} as never);
  return headers;
}

describe('a client configured from the environment', () => {
  it('reads an absent baseUrl from its own variable first, then from CLIENTKIT_BASE_URL', async () => {
    stubEnvironment({
      CLIENTKIT_TOY_BASE_URL: 'http://own.test',
      CLIENTKIT_BASE_URL: 'http://shared.test',
    });
    expect((await sentHeaders(toyClient({ token: 't' }), 'http://own.test')).host).toBe('own.test');
    stubEnvironment({ CLIENTKIT_BASE_URL: 'http://shared.test' });
    expect((await sentHeaders(toyClient({ token: 't' }), 'http://shared.test')).host).toBe(
      'shared.test',
    );
  });

  it('reads an absent credential from its variable and sends it', async () => {
    stubEnvironment({ CLIENTKIT_BASE_URL: 'http://shared.test', CLIENTKIT_TOY_TOKEN: 'tok_env' });
    const headers = await sentHeaders(toyClient(), 'http://shared.test');
    expect(headers.authorization).toBe('Bearer tok_env');
  });

  it('builds credentials made of several variables, such as a user name and password', async () => {
    stubEnvironment({
      CLIENTKIT_BASE_URL: 'http://shared.test',
      CLIENTKIT_TOY_USERNAME: 'ada',
      CLIENTKIT_TOY_PASSWORD: 'pass word',
    });
    const headers = await sentHeaders(toyClient(), 'http://shared.test');
    expect(headers.authorization).toBe(`Basic ${btoa('ada:pass word')}`);
  });

  it('lets options given in code win: a baseUrl, and a credential option that stops every credential variable being read', async () => {
    stubEnvironment({
      CLIENTKIT_BASE_URL: 'http://shared.test',
      CLIENTKIT_TOY_TOKEN: 'tok_env',
      CLIENTKIT_TOY_USERNAME: 'ada',
    });
    const auth = basicAuth('grace', 'secret');
    const client = toyClient({ baseUrl: 'http://code.test', auth });
    expect(client.options.auth).toBe(auth);
    expect(client.options.token).toBeUndefined();
    const headers = await sentHeaders(client, 'http://code.test');
    expect(headers.authorization).toBe(`Basic ${btoa('grace:secret')}`);
  });

  it('treats an empty variable as unset', () => {
    stubEnvironment({ CLIENTKIT_TOY_BASE_URL: '', CLIENTKIT_BASE_URL: 'http://shared.test' });
    expect(toyClient({ token: 't' }).options.baseUrl).toBe('http://shared.test');
  });

  it('checks a value from the environment as it checks the option, naming the variable and never the value', () => {
    stubEnvironment({
      CLIENTKIT_TOY_BASE_URL: 'https://user:s3cret@toy.test',
      CLIENTKIT_TOY_TOKEN: 't',
    });
    const error = refusal(() => toyClient());
    expect(error.message).toBe(
      'Invalid options of ToyClient: CLIENTKIT_TOY_BASE_URL must not carry credentials (user:password@)',
    );
    expect(error.issues).toEqual([
      { path: 'CLIENTKIT_TOY_BASE_URL', message: 'must not carry credentials (user:password@)' },
    ]);
    expect(error.message).not.toContain('s3cret');
  });

  it('names the variable when credentials built from variables are refused', () => {
    stubEnvironment({
      CLIENTKIT_BASE_URL: 'http://shared.test',
      CLIENTKIT_TOY_USERNAME: 'ada:lovelace',
      CLIENTKIT_TOY_PASSWORD: 's3cret',
    });
    const error = refusal(() => toyClient());
    expect(error.message).toBe(
      'Invalid options of ToyClient: CLIENTKIT_TOY_USERNAME must be a non-empty string without ":"',
    );
    expect(error.message).not.toContain('s3cret');
  });

  it('refuses credentials whose variables are set in part, naming the missing one', () => {
    stubEnvironment({ CLIENTKIT_BASE_URL: 'http://shared.test', CLIENTKIT_TOY_USERNAME: 'ada' });
    expect(refusal(() => toyClient()).message).toBe(
      'Invalid options of ToyClient: CLIENTKIT_TOY_PASSWORD is required with CLIENTKIT_TOY_USERNAME',
    );
  });

  it('refuses two sets of credential variables at once, naming both', () => {
    stubEnvironment({
      CLIENTKIT_BASE_URL: 'http://shared.test',
      CLIENTKIT_TOY_TOKEN: 't',
      CLIENTKIT_TOY_PASSWORD: 'p',
    });
    expect(refusal(() => toyClient()).message).toBe(
      'Invalid options of ToyClient: CLIENTKIT_TOY_TOKEN and CLIENTKIT_TOY_PASSWORD are both set: unset one of the two',
    );
  });

  it('says a missing baseUrl is required, and how to give it, in code or through either variable', () => {
    stubEnvironment();
    expect(refusal(() => toyClient({ token: 't' })).message).toBe(
      'Invalid options of ToyClient: baseUrl is required: pass it or set CLIENTKIT_TOY_BASE_URL or CLIENTKIT_BASE_URL',
    );
  });

  it('says missing credentials are required, listing each way to give them', () => {
    stubEnvironment({ CLIENTKIT_BASE_URL: 'http://shared.test' });
    expect(refusal(() => toyClient()).message).toBe(
      'Invalid options of ToyClient: token is required, or auth: pass one or set CLIENTKIT_TOY_TOKEN, or CLIENTKIT_TOY_USERNAME and CLIENTKIT_TOY_PASSWORD',
    );
  });

  it('reads nothing in a browser, even where a bundler defines process.env, and says only that an option is required', () => {
    stubEnvironment({ CLIENTKIT_BASE_URL: 'http://shared.test', CLIENTKIT_TOY_TOKEN: 't' });
    scope.document = {};
    expect(refusal(() => toyClient()).message).toBe(
      'Invalid options of ToyClient: baseUrl is required; token is required, or auth',
    );
  });

  it('treats an environment that throws when read (Deno without --allow-env) as no environment', () => {
    vi.stubGlobal('process', {
      ...process,
      env: new Proxy(
        {},
        {
          get() {
            throw new Error('NotCapable: Requires env access');
          },
        },
      ),
    });
    expect(refusal(() => toyClient({ token: 't' })).message).toMatch(
      /^Invalid options of ToyClient: baseUrl is required: pass it or set/,
    );
    expect(toyClient({ baseUrl: 'http://code.test', token: 't' }).options.baseUrl).toBe(
      'http://code.test',
    );
  });

  it('refuses a long-lived secret in a browser unless dangerouslyAllowBrowser is true, and allows what holds none', () => {
    scope.document = {};
    const baseUrl = 'http://code.test';
    expect(refusal(() => toyClient({ baseUrl, token: 'static' })).message).toMatch(
      /^Invalid options of ToyClient: dangerouslyAllowBrowser must be true to run in a browser: its token would be readable/,
    );
    expect(() =>
      toyClient({ baseUrl, token: 'static', dangerouslyAllowBrowser: true }),
    ).not.toThrow();
    expect(() => toyClient({ baseUrl, token: () => 'fresh' })).not.toThrow();
  });

  it('refuses a dangerouslyAllowBrowser that is not true or false, on any runtime', () => {
    expect(
      refusal(() =>
        toyClient({ baseUrl: 'http://code.test', token: 't', dangerouslyAllowBrowser: 1 }),
      ).message,
    ).toBe('Invalid options of ToyClient: dangerouslyAllowBrowser must be true or false');
  });
});
