import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  InternalServerError,
  NotFoundError,
  RequestValidationError,
} from '../src/index';
import { ACME, GLOBEX, useMailServer } from './support/e2e';

const h = useMailServer();

async function errorOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** PUTs a raw JSON text past the client's checks and expects this status and ErrorCode. */
async function expectPutRefused(body: string, status: number, errorCode: number, message?: string) {
  const response = await h.raw('PUT', `/servers/${ACME.id}`, { body });
  expect(response.status).toBe(status);
  const error = (await response.json()) as { ErrorCode: number; Message: string };
  expect(error.ErrorCode).toBe(errorCode);
  if (message !== undefined) expect(error.Message).toContain(message);
}

describe('the account token', () => {
  it('answers 401 with ErrorCode 10 when X-Mail-Account-Token is missing', async () => {
    const response = await h.raw('GET', `/servers/${ACME.id}`, { token: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      ErrorCode: 10,
      Message: 'Missing or wrong account token: send it in the X-Mail-Account-Token header',
    });
  });

  it('answers 401 with ErrorCode 10 to a wrong token, on GET and PUT', async () => {
    for (const call of [
      h.client('wrong-token').servers.get(ACME.id),
      h.client('wrong-token').servers.update(ACME.id, { Name: 'x' }),
    ]) {
      const error = await errorOf(call);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, code: '10' });
    }
    expect((await h.client().servers.get(ACME.id)).Name).toBe('Acme Support');
  });

  it('checks the token before anything else: an unknown server without a token is 401', async () => {
    expect((await h.raw('GET', '/servers/999', { token: null })).status).toBe(401);
  });
});

describe('Accept and Content-Type', () => {
  it('answers 406 with ErrorCode 409 when Accept excludes application/json', async () => {
    for (const accept of ['application/xml', 'text/html', 'application/json;q=0']) {
      const response = await h.raw('GET', `/servers/${ACME.id}`, { headers: { accept } });
      expect(response.status).toBe(406);
      expect(await response.json()).toEqual({
        ErrorCode: 409,
        Message: 'This interface answers JSON only: send Accept: application/json',
      });
    }
  });

  it('serves Accept: application/json, */*, application/* and no Accept at all', async () => {
    for (const accept of ['application/json', '*/*', 'application/*', 'text/html, */*;q=0.1']) {
      const response = await h.raw('GET', `/servers/${ACME.id}`, { headers: { accept } });
      expect(response.status).toBe(200);
    }
    const bare = await fetch(`${h.url}/servers/${ACME.id}`, {
      headers: { 'x-mail-account-token': 'mail-dev-account-token' },
    });
    expect(bare.status).toBe(200);
    expect(bare.headers.get('content-type')).toContain('application/json');
  });

  it('answers 415 with ErrorCode 409 to a PUT whose Content-Type is not application/json', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await h.raw('PUT', `/servers/${ACME.id}`, {
        body: '{"Name":"x"}',
        headers: { 'content-type': contentType },
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ ErrorCode: 409 });
    }
    const missing = await fetch(`${h.url}/servers/${ACME.id}`, {
      method: 'PUT',
      headers: { 'x-mail-account-token': 'mail-dev-account-token' },
      body: new Blob(['{"Name":"x"}']),
    });
    expect(missing.status).toBe(415);
    expect((await h.client().servers.get(ACME.id)).Name).toBe('Acme Support');
  });

  it('accepts application/json with a charset parameter', async () => {
    const response = await h.raw('PUT', `/servers/${ACME.id}`, {
      body: '{"Name":"Charset"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
  });
});

describe('GET /servers/{serverId}', () => {
  it('answers the whole server record', async () => {
    const server = await h.client().servers.get(ACME.id);
    expect(server).toEqual({
      ID: 1,
      Name: 'Acme Support',
      ApiTokens: [expect.stringMatching(/^[0-9a-f-]{36}$/)],
      Color: 'Blue',
      SmtpApiActivated: true,
      RawEmailEnabled: false,
      DeliveryType: 'Live',
      ServerLink: 'https://mail.clientkit.test/servers/1/streams',
      InboundAddress: `${ACME.hash}@${ACME.domain}`,
      InboundDomain: ACME.domain,
      InboundHash: ACME.hash,
      InboundHookUrl: '',
      InboundSpamThreshold: 0,
      BounceHookUrl: '',
      OpenHookUrl: '',
      DeliveryHookUrl: '',
      ClickHookUrl: '',
      TrackOpens: false,
      TrackLinks: 'None',
      PostFirstOpenOnly: false,
      IncludeBounceContentInHook: false,
      EnableSmtpApiErrorHooks: false,
    });
  });

  it('carries ApiTokens as the real record does, printed and serialized as [redacted] by the client', async () => {
    const server = await h.client().servers.get(ACME.id);
    const [token] = server.ApiTokens;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(inspect(server)).not.toContain(token);
    expect(inspect(server)).toContain('[1 API tokens [redacted]]');
    expect(JSON.stringify(server)).not.toContain(token);
    expect(JSON.parse(JSON.stringify(server)).ApiTokens).toBe('[redacted]');
    const updated = await h.client().servers.update(ACME.id, { Color: 'Red' });
    expect(updated.ApiTokens).toEqual([token]);
    expect(inspect(updated)).not.toContain(token);
  });

  it('leaves ApiTokens out of the admin state, and refuses them in a PUT as a read-only field', async () => {
    const state = h.server.inspect('mail') as { servers: Record<string, unknown>[] };
    expect(state.servers[0]).not.toHaveProperty('ApiTokens');
    const response = await fetch(`${h.url}/servers/${ACME.id}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'x-mail-account-token': h.server.mail.accountToken,
      },
      body: JSON.stringify({ ApiTokens: ['mine'] }),
    });
    expect(response.status).toBe(422);
  });

  it('seeds two servers with distinct inbound hashes', async () => {
    const [acme, globex] = await Promise.all([
      h.client().servers.get(ACME.id),
      h.client().servers.get(GLOBEX.id),
    ]);
    expect(acme.InboundHash).not.toBe(globex.InboundHash);
    expect(globex).toMatchObject({ InboundHash: GLOBEX.hash, InboundDomain: GLOBEX.domain });
  });

  it('shows InboundHookUrl with the user name but without the password', async () => {
    const globex = await h.client().servers.get(GLOBEX.id);
    expect(globex.InboundHookUrl).toBe('https://globex@hooks.globex.test/mail/inbound');
  });

  it('answers 404 with ErrorCode 601 for an unknown server, on GET and PUT', async () => {
    for (const call of [
      h.client().servers.get(999),
      h.client().servers.update(999, { Name: 'x' }),
    ]) {
      const error = await errorOf(call);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: '601' });
    }
  });

  it('answers 404 with ErrorCode 601 for an ID that is not a whole number from 1, which the client refuses before sending', async () => {
    for (const id of ['not-a-number', '0', '1.5']) {
      const response = await h.raw('GET', `/servers/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ ErrorCode: 601 });
      const refused = await errorOf(h.client().servers.get(id as never));
      expect(refused).toBeInstanceOf(RequestValidationError);
    }
  });

  it('answers a route it does not have with 404 in its error format, which the client shows without the code 0', async () => {
    const response = await h.raw('DELETE', `/servers/${ACME.id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ErrorCode: 0 });
    const error = (await errorOf(h.client().request('DELETE', String(ACME.id)))) as APIError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBeUndefined();
    expect(error.message).toBe(
      `404: No route for DELETE /servers/${ACME.id} (DELETE ${h.url}/servers/${ACME.id}) [request ${error.requestId}]`,
    );
  });

  it('puts an x-request-id on answers and errors', async () => {
    const { requestId } = await h.client().servers.get(ACME.id).withResponse();
    expect(requestId).toMatch(/^req_/);
    const error = (await errorOf(h.client().servers.get(999))) as APIError;
    expect(error.requestId).toMatch(/^req_/);
  });
});

describe('PUT /servers/{serverId}', () => {
  it('changes any subset of the writable fields and leaves the others alone', async () => {
    const updated = await h.client().servers.update(ACME.id, {
      Name: 'Acme Help Desk',
      Color: 'Purple',
      RawEmailEnabled: true,
      InboundSpamThreshold: 15,
      TrackLinks: 'HtmlOnly',
      BounceHookUrl: 'https://acme.example/bounces',
    });
    expect(updated).toMatchObject({
      Name: 'Acme Help Desk',
      Color: 'Purple',
      RawEmailEnabled: true,
      InboundSpamThreshold: 15,
      TrackLinks: 'HtmlOnly',
      BounceHookUrl: 'https://acme.example/bounces',
      InboundHash: ACME.hash,
      SmtpApiActivated: true,
      TrackOpens: false,
    });
    expect(await h.client().servers.get(ACME.id)).toEqual(updated);
  });

  it('sets and removes InboundHookUrl', async () => {
    const set = await h
      .client()
      .servers.update(ACME.id, { InboundHookUrl: 'https://acme.example/in' });
    expect(set.InboundHookUrl).toBe('https://acme.example/in');
    const removed = await h.client().servers.update(ACME.id, { InboundHookUrl: '' });
    expect(removed.InboundHookUrl).toBe('');
  });

  it('answers 422 with ErrorCode 606 to a hook URL that is not http or https', async () => {
    for (const url of [
      'ftp://acme.example/in',
      'not a url',
      '/relative/path',
      'javascript:alert(1)',
    ]) {
      await expectPutRefused(
        JSON.stringify({ InboundHookUrl: url }),
        422,
        606,
        'InboundHookUrl must be an http(s) URL',
      );
    }
    for (const field of ['BounceHookUrl', 'OpenHookUrl', 'DeliveryHookUrl', 'ClickHookUrl']) {
      await expectPutRefused(JSON.stringify({ [field]: 'mailto:a@b.c' }), 422, 606, field);
    }
  });

  it('answers 422 with ErrorCode 607 to a colour that is not one of the eight', async () => {
    for (const color of ['Pink', 'purple', '', 7]) {
      await expectPutRefused(JSON.stringify({ Color: color }), 422, 607, 'Color must be one of');
    }
  });

  it('accepts each of the eight colours', async () => {
    for (const Color of [
      'Purple',
      'Blue',
      'Turquoise',
      'Green',
      'Red',
      'Yellow',
      'Grey',
      'Orange',
    ] as const) {
      expect((await h.client().servers.update(ACME.id, { Color })).Color).toBe(Color);
    }
  });

  it('answers 422 with ErrorCode 609 when there is nothing to update', async () => {
    await expectPutRefused('{}', 422, 609, 'Nothing to update');
    await expectPutRefused('', 422, 609, 'Nothing to update');
  });

  it('answers 422 with ErrorCode 611 to a spam threshold outside 0 to 30 in steps of 5', async () => {
    for (const value of [7, 35, -5, 2.5, 31, '10']) {
      await expectPutRefused(
        JSON.stringify({ InboundSpamThreshold: value }),
        422,
        611,
        'InboundSpamThreshold',
      );
    }
  });

  it('accepts every spam threshold from 0 to 30 in steps of 5', async () => {
    for (const value of [0, 5, 10, 15, 20, 25, 30]) {
      const server = await h.client().servers.update(ACME.id, { InboundSpamThreshold: value });
      expect(server.InboundSpamThreshold).toBe(value);
    }
  });

  it('answers 422 with ErrorCode 402 to a body that is not JSON', async () => {
    await expectPutRefused('{"Name": ', 422, 402, 'not valid JSON');
  });

  it('answers 422 with ErrorCode 403 to JSON of the wrong shape, naming the field', async () => {
    await expectPutRefused('[]', 422, 403, 'must be a JSON object');
    await expectPutRefused('"Name"', 422, 403, 'must be a JSON object');
    await expectPutRefused('{"TrackOpens":"yes"}', 422, 403, 'TrackOpens must be a boolean');
    await expectPutRefused('{"TrackLinks":"Always"}', 422, 403, 'TrackLinks must be one of');
    await expectPutRefused('{"Name":""}', 422, 403, 'Name must not be empty');
  });

  it('refuses read-only and unknown fields by name with 422 and ErrorCode 403', async () => {
    await expectPutRefused('{"InboundHash":"abc"}', 422, 403, 'has unknown field InboundHash');
    await expectPutRefused('{"ID":5,"Name":"x"}', 422, 403, 'has unknown field ID');
    expect((await h.client().servers.get(ACME.id)).Name).toBe('Acme Support');
  });

  it('keeps the inbound stream to one domain: a list of domains is refused, naming InboundDomain', async () => {
    await expectPutRefused(
      '{"InboundDomain":["a.example","b.example"]}',
      422,
      403,
      'InboundDomain must be a string',
    );
    await expectPutRefused(
      '{"InboundDomain":"a.example, b.example"}',
      422,
      403,
      'InboundDomain must be one domain name',
    );
    await expectPutRefused('{"InboundDomain":"not_a_domain"}', 422, 403, 'exactly one domain');
  });

  it('replaces the one inbound domain, and an empty InboundDomain returns to the default', async () => {
    const moved = await h.client().servers.update(ACME.id, { InboundDomain: 'In.Acme.Example' });
    expect(moved).toMatchObject({
      InboundDomain: 'in.acme.example',
      InboundAddress: `${ACME.hash}@in.acme.example`,
    });
    const back = await h.client().servers.update(ACME.id, { InboundDomain: '' });
    expect(back).toMatchObject({
      InboundDomain: ACME.domain,
      InboundAddress: `${ACME.hash}@${ACME.domain}`,
    });
  });

  it('answers an injected 503 in its error format, as InternalServerError', async () => {
    h.server.faults.add({ method: 'GET', path: '/servers', status: 503 });
    const error = await errorOf(h.client().servers.get(ACME.id));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).body).toEqual({
      ErrorCode: 0,
      Message: 'Injected fault (status 503)',
    });
  });

  it('answers 406 and 415 as plain APIErrors carrying ErrorCode 409', async () => {
    const error = await errorOf(
      h.client().servers.get(ACME.id, { headers: { accept: 'text/html' } }),
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 406, code: '409' });
  });
});
