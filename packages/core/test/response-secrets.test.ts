import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { APIResponseValidationError, REDACTED } from './core';
import { testClient, useNock } from './helpers';

useNock();

describe('a response that fails validation', () => {
  it('keeps no credential in the error body: token fields are redacted at any depth, in inspect and JSON alike', async () => {
    const Session = z.object({ authentication_token: z.string(), expires_at: z.iso.datetime() });
    const transport = testClient({
      validateResponses: true,
      responseSchemas: { Session },
    });
    nock('http://api.test')
      .post('/v1/session')
      .reply(200, {
        authentication_token: 'mest_live_secret_1',
        expires_at: 'not a date',
        nested: [{ access_token: 'at_secret_2', client_secret: 'cs_secret_3', kept: 'visible' }],
      });
    const error = await transport
      .request({
        method: 'POST',
        path: 'session',
        operation: 'test.session',
        response: 'Session',
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    const shown = `${String(error)} ${inspect(error, { depth: 10 })} ${JSON.stringify(error)}`;
    for (const secret of ['mest_live_secret_1', 'at_secret_2', 'cs_secret_3']) {
      expect(shown).not.toContain(secret);
    }
    expect((error as APIResponseValidationError).body).toEqual({
      authentication_token: REDACTED,
      expires_at: 'not a date',
      nested: [{ access_token: REDACTED, client_secret: REDACTED, kept: 'visible' }],
    });
  });
});
