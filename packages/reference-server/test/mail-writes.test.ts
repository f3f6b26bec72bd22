import { describe, expect, it, vi } from 'vitest';
import { useFreshServer } from './support/fresh-server';

const SERVER_1 = 'http://reference.test/servers/1';
const TOKEN = 'mail-dev-account-token';

const fresh = useFreshServer();

function put(body: unknown, headers: Record<string, string> = {}, url = SERVER_1) {
  return fresh.server.fetch(url, {
    method: 'PUT',
    headers: {
      'x-mail-account-token': TOKEN,
      accept: 'application/json',
      'content-type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('a refused mail write changes nothing', () => {
  it('leaves every server as it was for every kind of refusal, each with its own ErrorCode', async () => {
    const refusals: [string, () => Promise<Response>, number, number][] = [
      [
        'a wrong account token',
        () => put({ Name: 'x' }, { 'x-mail-account-token': 'no' }),
        401,
        10,
      ],
      ['an Accept without JSON', () => put({ Name: 'x' }, { accept: 'text/html' }), 406, 409],
      [
        'a body not sent as JSON',
        () => put({ Name: 'x' }, { 'content-type': 'text/plain' }),
        415,
        409,
      ],
      [
        'an unknown server',
        () => put({ Name: 'x' }, {}, 'http://reference.test/servers/99'),
        404,
        601,
      ],
      ['a body that is not JSON', () => put('{"Name":'), 422, 402],
      ['an empty change set', () => put({}), 422, 609],
      ['an unknown colour', () => put({ Name: 'x', Color: 'Pink' }), 422, 607],
      ['a read-only field', () => put({ Name: 'x', ID: 5 }), 422, 403],
      ['a Name over 255 characters', () => put({ Name: 'n'.repeat(256) }), 422, 403],
      [
        'a hook URL over 2048 characters',
        () => put({ Name: 'x', InboundHookUrl: `https://h.example/${'p'.repeat(2048)}` }),
        422,
        606,
      ],
    ];
    for (const [what, send, status, code] of refusals) {
      const before = fresh.server.inspect('mail');
      const response = await send();
      const body = (await response.json()) as { ErrorCode: number };
      expect([what, response.status, body.ErrorCode]).toEqual([what, status, code]);
      expect([what, fresh.server.inspect('mail')]).toEqual([what, before]);
    }
  });

  it('stores nothing when the answer to a change fails', async () => {
    const before = fresh.server.inspect('mail');
    const body = JSON.stringify({ Name: 'unanswerable', Color: 'Red' });
    const stringify = JSON.stringify;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if ((value as { Name?: unknown } | null)?.Name === 'unanswerable') {
        throw new RangeError('Invalid string length');
      }
      return stringify(value, ...(rest as [undefined]));
    });
    const response = await put(body);
    expect(response.status).toBe(500);
    expect(fresh.failures).toHaveLength(1);
    vi.restoreAllMocks();
    expect(fresh.server.inspect('mail')).toEqual(before);
  });

  it('stores an accepted change whole', async () => {
    const response = await put({ Name: 'Renamed', Color: 'Red' });
    expect(response.status).toBe(200);
    const { servers } = fresh.server.inspect('mail') as {
      servers: { ID: number; Name: string; Color: string }[];
    };
    expect(servers.find((s) => s.ID === 1)).toMatchObject({ Name: 'Renamed', Color: 'Red' });
  });
});
