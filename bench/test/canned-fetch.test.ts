import { describe, expect, it } from 'vitest';
import { cannedFetch, jsonAnswer } from '../src/canned-fetch';

describe('canned fetch', () => {
  it('answers every call with a fresh, readable copy of the prebuilt response', async () => {
    const canned = cannedFetch({ default: jsonAnswer({ id: 'space_1' }) });
    const first = await canned.fetch('http://127.0.0.1:4010/v1/spaces/space_1');
    const second = await canned.fetch('http://127.0.0.1:4010/v1/spaces/space_1');
    expect(await first.json()).toEqual({ id: 'space_1' });
    expect(await second.json()).toEqual({ id: 'space_1' });
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(canned.calls).toBe(2);
  });

  it('records METHOD and path of each request, from a URL string, a URL or a Request', async () => {
    const canned = cannedFetch({ default: jsonAnswer({}) });
    await canned.fetch('http://h.test/a?x=1', { method: 'post' });
    await canned.fetch(new URL('http://h.test/b'));
    await canned.fetch(new Request('http://h.test/c', { method: 'PATCH', body: '{}' }));
    expect(canned.seen).toEqual(['POST /a', 'GET /b', 'PATCH /c']);
  });

  it('records the headers of each request, from a Request or, replacing them, from init', async () => {
    const canned = cannedFetch({ default: jsonAnswer({}) });
    await canned.fetch('http://h.test/a', { headers: { 'X-One': '1' } });
    await canned.fetch(new Request('http://h.test/r', { headers: { 'x-req': 'r' } }));
    await canned.fetch(
      new Request('http://h.test/b', { headers: { 'x-two': '2', 'x-three': 'r' } }),
      {
        headers: { 'X-Three': 'init' },
      },
    );
    expect(canned.headersSeen).toEqual([{ 'x-one': '1' }, { 'x-req': 'r' }, { 'x-three': 'init' }]);
    canned.reset();
    expect(canned.headersSeen).toEqual([]);
  });

  it('answers a listed METHOD /path with its own answer and anything else with the default', async () => {
    const canned = cannedFetch({
      default: jsonAnswer({ kind: 'default' }),
      'POST /oauth/token': jsonAnswer({ access_token: 't' }),
    });
    expect(
      await (await canned.fetch('http://h.test/oauth/token', { method: 'POST' })).json(),
    ).toEqual({
      access_token: 't',
    });
    expect(await (await canned.fetch('http://h.test/oauth/token')).json()).toEqual({
      kind: 'default',
    });
  });

  it('keeps at most `keep` recorded requests, so a long run holds no growing list', async () => {
    const canned = cannedFetch({ default: jsonAnswer({}) }, 3);
    for (let i = 0; i < 10; i++) await canned.fetch(`http://h.test/${i}`);
    expect(canned.seen).toEqual(['GET /0', 'GET /1', 'GET /2']);
    canned.reset();
    expect(canned.seen).toEqual([]);
    expect(canned.calls).toBe(10);
  });
});
