/**
 * The browser build (package.json's `browser` condition) replaces credential-variables.ts: in a
 * page core reads no environment variable, so client credentials are never made of variables
 * there, and the replacement makes none. What a page relies on is that the client built there
 * asks for `token` or `auth` in code whatever the environment holds.
 */
import { RequestValidationError } from '@clientkit/core';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdmClient } from '../src';
import { credentialsFromVariables } from '../src/credential-variables';
import { credentialsFromVariables as credentialsInPage } from '../src/credential-variables.browser';
import { fakeJwt, ORIGIN, useNock } from './support/unit';

useNock();

const scope = globalThis as { document?: unknown };
const variables = {
  CLIENTKIT_IDM_CLIENT_ID: 'machine-1',
  CLIENTKIT_IDM_CLIENT_SECRET: 'client-secret-from-the-environment',
  CLIENTKIT_IDM_AUDIENCE: 'https://tenant.example.com/api/v2/',
};

describe('client credentials from variables', () => {
  beforeEach(() => Object.assign(process.env, variables));
  afterEach(() => {
    delete scope.document;
    for (const name of Object.keys(variables)) delete process.env[name];
  });

  it('are made where there is an environment, by the Node build, and exchanged for tokens', async () => {
    expect(credentialsFromVariables).toBeTypeOf('function');
    const token = fakeJwt([]);
    nock(ORIGIN)
      .post('/oauth/token', (body) => body.client_id === 'machine-1')
      .reply(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    expect(await new IdmClient({ baseUrl: ORIGIN }).accessToken()).toBe(token);
  });

  it('are never made in a page, where the Node build reads no variable and the browser build has nothing to make them', () => {
    scope.document = {};
    expect(credentialsInPage).toBeUndefined();
    let refused: unknown;
    try {
      new IdmClient({ baseUrl: ORIGIN });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as RequestValidationError).issues).toEqual([
      { path: 'token', message: 'is required, or auth' },
    ]);
  });
});
