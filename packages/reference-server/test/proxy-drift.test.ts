import { readFileSync } from 'node:fs';
import { get, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DocsClient } from '@clientkit/docs-client';
import { MailClient } from '@clientkit/mail-client';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpListener } from '../src/http-listener';
import {
  type ContractViolation,
  createProxyServer,
  createReferenceServer,
  type ProxyServer,
  type ReferenceServer,
} from '../src/index';
import type { RawAnswer } from './support/raw-http';
import {
  developmentCredentials,
  recordingDir,
  removeRecordingDirs,
} from './support/recorded-session';

afterAll(removeRecordingDirs);

/** A JSON answer with another body and the headers of the one it replaces. */
function changed(answer: Response, body: unknown, extraHeaders: Record<string, string> = {}) {
  const headers = new Headers(answer.headers);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const text = JSON.stringify(body);
  const bytes = headers.get('content-encoding') === 'gzip' ? gzipSync(text) : text;
  return new Response(bytes, { status: answer.status, headers });
}

/** How the upstream changes the reference server's answer to a GET, as a service that drifted. */
const drifts: Record<string, (answer: Response, body: Record<string, unknown>) => Response> = {
  '/v1/spaces/space_handbook': (answer, space) => changed(answer, { ...space, title: 42 }),
  '/v1/user': (answer, { displayName: _dropped, ...user }) => changed(answer, user),
  '/v1/users/usr_ada': (answer, user) =>
    changed(answer, { ...user, displayName: 7 }, { 'content-encoding': 'gzip' }),
  '/v1/spaces/space_huge': (answer) =>
    changed(
      answer,
      { object: 'space', padding: 'x'.repeat(9 * 1024 * 1024) },
      { 'x-drift': 'a space past the limit' },
    ),
};

/** A GET over node:http, which leaves the body as it came (compressed, when it was). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode!,
          headers: answer.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

/** What the upstream last sent for each path, as the client must receive it. */
const sent = new Map<string, Response>();
const printed: string[] = [];
let reference: ReferenceServer;
let upstream: ReturnType<typeof httpListener>;
let proxy: ProxyServer;
let docs: DocsClient;
let dir: string;

beforeAll(async () => {
  reference = await createReferenceServer();
  const server = createAdaptorServer({
    overrideGlobalObjects: false,
    fetch: async (request: Request) => {
      const { pathname } = new URL(request.url);
      const answer = await reference.fetch(request);
      const drift = request.method === 'GET' ? drifts[pathname] : undefined;
      const response = drift ? drift(answer, await answer.json()) : answer;
      sent.set(pathname, response.clone());
      return response;
    },
  });
  upstream = httpListener(server as Server);
  const { url: target } = await upstream.listen(0);
  dir = recordingDir();
  proxy = await createProxyServer({ target, record: dir, log: (line) => printed.push(line) });
  const { url } = await proxy.listen(0);
  docs = new DocsClient({ baseUrl: url, token: developmentCredentials.docsToken, retry: 0 });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
  await reference.close();
});
beforeEach(() => {
  proxy.clearViolations();
  printed.length = 0;
  reference.reset();
});

const violation = (fields: Partial<ContractViolation>) =>
  expect.objectContaining({ method: 'GET', requestId: expect.stringMatching(/^req_/), ...fields });

describe('the proxy in front of a service that drifted from the contract', () => {
  it('reports a field of the wrong type once, and the client still receives the answer as sent', async () => {
    const space = await docs.spaces.get('space_handbook');
    expect(space.title).toBe(42);
    expect(space).toEqual(await sent.get('/v1/spaces/space_handbook')!.clone().json());
    expect(proxy.violations()).toEqual([
      violation({
        operation: 'docs.getSpaceById',
        path: '/v1/spaces/space_handbook',
        part: 'response',
        field: 'body.title',
        rule: 'must be a string, not a number',
      }),
    ]);
    const [line] = printed;
    expect(printed).toEqual([
      expect.stringMatching(
        /^contract violation: docs\.getSpaceById GET \/v1\/spaces\/space_handbook response body\.title must be a string, not a number \(request req_\w+\)$/,
      ),
    ]);
    expect(line).toContain(proxy.violations()[0]!.requestId);
  });

  it('reports a missing required field once, and the client still receives the answer as sent', async () => {
    const user = await docs.user.get();
    expect(user).not.toHaveProperty('displayName');
    expect(user).toEqual(await sent.get('/v1/user')!.clone().json());
    expect(proxy.violations()).toEqual([
      violation({
        operation: 'docs.getAuthenticatedUser',
        part: 'response',
        field: 'body.displayName',
        rule: 'is required',
      }),
    ]);
  });

  it('reports a status the operation does not answer once, and relays it', async () => {
    reference.faults.add({ path: '/servers/1', status: 418 });
    const mail = new MailClient({
      baseUrl: proxy.url!,
      accountToken: developmentCredentials.mailToken,
      retry: 0,
    });
    await expect(mail.servers.get(1)).rejects.toMatchObject({ status: 418 });
    expect(proxy.violations()).toEqual([
      violation({
        operation: 'mail.getServer',
        path: '/servers/1',
        part: 'response',
        field: 'status',
        rule: 'must be one of 200, 401, 404, 406, not 418',
      }),
    ]);
  });

  it('checks a compressed answer as decoded, and relays its bytes as they were sent', async () => {
    const answer = await rawGet(`${proxy.url}/v1/users/usr_ada`, {
      authorization: `Bearer ${developmentCredentials.docsToken}`,
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    const expected = Buffer.from(await sent.get('/v1/users/usr_ada')!.clone().arrayBuffer());
    expect(answer.body.equals(expected)).toBe(true);
    expect(proxy.violations()).toEqual([
      violation({ operation: 'docs.getUserById', field: 'body.displayName' }),
    ]);
  });

  it('reports a request that breaks its contract, and relays the refusal the target answered', async () => {
    const answer = await fetch(`${proxy.url}/v1/spaces/space_handbook?shareKey=abc`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${developmentCredentials.docsToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ title: 123 }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(await sent.get('/v1/spaces/space_handbook')!.json());
    expect(proxy.violations()).toEqual([
      violation({
        method: 'PATCH',
        operation: 'docs.updateSpaceById',
        part: 'request',
        field: 'body.title',
        rule: 'must be a string, not a number',
      }),
    ]);
  });

  it('passes an operation the contracts do not know through, and lists it as unknown', async () => {
    const answer = await fetch(`${proxy.url}/v1/no/such/operation`, {
      headers: { authorization: `Bearer ${developmentCredentials.docsToken}` },
    });
    expect(answer.status).toBe(404);
    expect(proxy.violations()).toEqual([]);
    const listed = await fetch(`${proxy.url}/__admin/violations`).then((res) => res.json());
    expect(listed).toEqual({
      violations: [],
      unknown: [
        {
          method: 'GET',
          path: '/v1/no/such/operation',
          status: 404,
          requestId: answer.headers.get('x-request-id'),
        },
      ],
    });
    expect(printed).toEqual([
      `unknown operation: GET /v1/no/such/operation (no operation of the contracts), answered 404 (request ${answer.headers.get('x-request-id')})`,
    ]);
  });

  it('lists violations at GET /__admin/violations and forgets them on DELETE', async () => {
    await docs.spaces.get('space_handbook');
    const admin = `${proxy.url}/__admin/violations`;
    const before = await fetch(admin).then((res) => res.json());
    expect(before.violations).toEqual([violation({ field: 'body.title' })]);
    expect((await fetch(admin, { method: 'DELETE' })).status).toBe(204);
    expect(await fetch(admin).then((res) => res.json())).toEqual({ violations: [], unknown: [] });
  });

  it('streams an answer larger than it keeps to the client whole, and says it left it unchecked and unrecorded', async () => {
    const answer = await fetch(`${proxy.url}/v1/spaces/space_huge`, {
      headers: { authorization: `Bearer ${developmentCredentials.docsToken}` },
    });
    expect(answer.headers.get('x-drift')).toBe('a space past the limit');
    const body = Buffer.from(await answer.arrayBuffer());
    const expected = Buffer.from(await sent.get('/v1/spaces/space_huge')!.clone().arrayBuffer());
    expect(body.byteLength).toBeGreaterThan(9 * 1024 * 1024);
    expect(body.equals(expected)).toBe(true);
    expect(printed).toEqual([
      "body not checked: GET /v1/spaces/space_huge: the answer's body is larger than 8388608 bytes, or in an encoding the proxy cannot read; not recorded",
    ]);
    expect(readFileSync(join(dir, 'docs.json'), 'utf8')).not.toContain('space_huge');
  });
});

describe('the proxy when its target does not answer', () => {
  it('answers 502 in the interface’s error body, naming the target, marked as its own', async () => {
    const closed = httpListener((await import('node:http')).createServer());
    const { url: target } = await closed.listen(0);
    await closed.close();
    await using unreachable = await createProxyServer({ target, log: () => {} });
    const { url } = await unreachable.listen(0);
    const answer = await fetch(`${url}/v1/user`);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-clientkit-stand-in')).toBe('proxy');
    expect((await answer.json()).error.message).toContain(`could not reach ${target}`);
  });
});
