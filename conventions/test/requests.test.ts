/**
 * What every client does with a call, the same way: where it goes and with which credentials,
 * what it refuses before any request, how error answers are reported, and which failures it retries.
 * nock refuses any request a test did not mock, so "before any request" is checked.
 */
import {
  type APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
} from '@clientkit/core';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useNock } from '../../test-support/unit';
import { type AnyClient, ORIGIN, type Profile, profiles, type Sample } from './support/profiles';

useNock();

function mock(profile: Profile, sample: Sample, base = ORIGIN) {
  const [header, value] = profile.credentialHeader;
  return nock(new URL(base).origin, { reqheaders: { [header]: value } })[sample.method](
    `${new URL(base).pathname.replace(/\/$/, '')}${profile.appended}${sample.path}`,
  );
}

const call = (sample: Sample, client: AnyClient, options?: Record<string, unknown>) =>
  sample.call(client as never, options);

describe.each(profiles)('$name calls', (profile) => {
  const { read, write } = profile;

  it("sends a typed call under <baseUrl> + the interface's path, with its credentials, from the origin with or without a trailing slash", async () => {
    mock(profile, read).twice().reply(200, read.answer);
    expect(await call(read, profile.make())).toMatchObject(read.answer);
    expect(await call(read, profile.make({ baseUrl: `${ORIGIN}/` }))).toMatchObject(read.answer);
  });

  it('keeps a mount prefix of baseUrl in front of the interface path', async () => {
    const base = `${ORIGIN}/gateway/api`;
    mock(profile, read, base).twice().reply(200, read.answer);
    await call(read, profile.make({ baseUrl: base }));
    await call(read, profile.make({ baseUrl: `${base}/` }));
  });

  it('refuses an unknown request option by name, naming the operation, before any request', async () => {
    const error = await rejectionOf(call(read, profile.make(), { retries: 3 }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Invalid options of ${read.operation}: retries is not an option \\(known: signal`,
      ),
    );
  });

  for (const input of profile.unknownInputs) {
    it(`refuses a ${input.part} field ${input.operation} does not know, beside known ones, by name, listing the known ones once, before any request (${input.issue})`, async () => {
      const error = await rejectionOf(input.call(profile.make() as never));
      expect(error).toBeInstanceOf(RequestValidationError);
      const { issues, message } = error as RequestValidationError;
      expect(issues.map((issue) => `${issue.path} ${issue.message}`.trim())).toEqual([input.issue]);
      expect(
        message.startsWith(`Invalid ${input.part} of ${input.operation}: ${input.issue} (known`),
      ).toBe(true);
      const listed = /\(known(?: in [^:]+)?: ([^)]+)\)$/.exec(message)?.[1]?.split(', ') ?? [];
      expect(listed).toEqual(expect.arrayContaining(input.known));
      expect(listed).not.toContain(input.issue.split(' ').at(-1));
      expect(message.match(/\(known/g)).toHaveLength(1);
    });
  }

  const answers: [number, new (...args: never[]) => APIError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [404, NotFoundError],
    [429, RateLimitError],
    [500, InternalServerError],
  ];
  for (const [status, ErrorClass] of answers) {
    it(`reports a ${status} answer as ${ErrorClass.name} with the interface's message and code, and the request id`, async () => {
      mock(profile, read).reply(status, profile.errorBody(status, 'It went wrong'), {
        'x-request-id': `req_${status}`,
        'retry-after': '0',
      });
      const error = (await rejectionOf(call(read, profile.make()))) as APIError;
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error.status).toBe(status);
      expect(error.message).toContain('It went wrong');
      expect(error.code).toBe(profile.errorCode?.(status));
      expect(error.requestId).toBe(`req_${status}`);
    });
  }

  it('sends a call once with retry: 0, and retries it after a 503 with retry: 1', async () => {
    mock(profile, read).reply(503, {}, { 'retry-after': '0' });
    expect(await rejectionOf(call(read, profile.make({ retry: 0 })))).toBeInstanceOf(
      InternalServerError,
    );
    mock(profile, read).reply(503, {}, { 'retry-after': '0' });
    mock(profile, read).reply(200, read.answer);
    await call(read, profile.make({ retry: 1 }));
  });

  it("lets a request's retry override the client's: { limit: 2 } or 1 over retry 0, and 0 over retry 2", async () => {
    mock(profile, read).times(2).reply(503, {}, { 'retry-after': '0' });
    mock(profile, read).reply(200, read.answer);
    await call(read, profile.make({ retry: 0 }), { retry: { limit: 2 } });
    mock(profile, read).reply(503, {}, { 'retry-after': '0' });
    mock(profile, read).reply(200, read.answer);
    await call(read, profile.make({ retry: 0 }), { retry: 1 });
    mock(profile, read).reply(503, {}, { 'retry-after': '0' });
    expect(await rejectionOf(call(read, profile.make({ retry: 2 }), { retry: 0 }))).toBeInstanceOf(
      InternalServerError,
    );
  });

  it("takes ky's retry options: statusCodes limits what is retried", async () => {
    mock(profile, read).reply(503, {}, { 'retry-after': '0' });
    const client = profile.make({ retry: { limit: 3, statusCodes: [500] } });
    expect(await rejectionOf(call(read, client))).toBeInstanceOf(InternalServerError);
  });

  it("calls a client afterResponse hook, in ky's shape, with (request, options, response)", async () => {
    mock(profile, read).reply(200, read.answer);
    const seen: string[] = [];
    const hook = (request: Request, options: { method: string }, response: Response) => {
      seen.push(`${options.method} ${new URL(request.url).pathname} ${response.status}`);
    };
    await call(read, profile.make({ hooks: { afterResponse: [hook] } }));
    expect(seen).toEqual([`${read.method.toUpperCase()} ${profile.appended}${read.path} 200`]);
  });

  if (write.idempotent) {
    it('retries a write, every attempt with the same Idempotency-Key', async () => {
      const keys: (string | undefined)[] = [];
      const keyOf = (headers: Record<string, string | string[] | undefined>) =>
        keys.push(String(headers['idempotency-key']));
      mock(profile, write).reply(function () {
        keyOf(this.req.headers);
        return [503, {}, { 'retry-after': '0' }];
      });
      mock(profile, write).reply(function () {
        keyOf(this.req.headers);
        return [200, write.answer];
      });
      await call(write, profile.make({ retry: 1 }));
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBeTruthy();
      expect(keys[1]).toBe(keys[0]);
    });
  } else {
    it('never retries a failed POST or PATCH, and refuses retry.methods that lists one', async () => {
      mock(profile, write).reply(503, {}, { 'retry-after': '0' });
      expect(await rejectionOf(call(write, profile.make({ retry: 2 })))).toBeInstanceOf(
        InternalServerError,
      );
      expect(() => profile.make({ retry: { methods: ['get', 'post'] } })).toThrow(
        /retry\.methods must not list POST or PATCH/,
      );
      const error = await rejectionOf(
        call(write, profile.make(), { retry: { methods: ['patch'] } }),
      );
      expect((error as Error).message).toMatch(/retry\.methods must not list POST or PATCH/);
    });

    it('retries a POST or PATCH answered 429, which the service did not process', async () => {
      mock(profile, write).reply(429, {}, { 'retry-after': '0' });
      mock(profile, write).reply(200, write.answer);
      await call(write, profile.make({ retry: 1 }));
    });
  }
});
