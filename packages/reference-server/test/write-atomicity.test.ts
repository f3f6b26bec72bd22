import { describe, expect, it, vi } from 'vitest';
import { useFreshServer } from './support/fresh-server';

const CATEGORIES = 'http://reference.test/wp-json/calendar/events/v1/categories';
const editor = `Basic ${Buffer.from('editor:EdiT oRPa ssW0 rdCa lEnD ar01').toString('base64')}`;

const fresh = useFreshServer();

function createCategory(body: unknown) {
  return fresh.server.fetch(CATEGORIES, {
    method: 'POST',
    headers: { authorization: editor, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('a write is stored only when it is answered with success', () => {
  it('undoes a category whose answer fails after it was stored (the 260 MiB name case, at small scale)', async () => {
    const before = fresh.server.inspect('calendar');
    const body = JSON.stringify({ name: 'unanswerable' });
    // The original failure: storing worked, then the answer could not be serialized (a string
    // longer than V8 allows). The same failure, forced on a small name.
    const stringify = JSON.stringify;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if ((value as { name?: unknown } | null)?.name === 'unanswerable') {
        throw new RangeError('Invalid string length');
      }
      return stringify(value, ...(rest as [undefined]));
    });
    const response = await createCategory(body);
    expect(response.status).toBe(500);
    expect(fresh.failures).toHaveLength(1);
    vi.restoreAllMocks();
    expect(fresh.server.inspect('calendar')).toEqual(before);
    const list = await fresh.server.fetch(`${CATEGORIES}?per_page=50`);
    expect(list.status).toBe(200);
    expect((await list.json()) as { name: string }[]).not.toContainEqual(
      expect.objectContaining({ name: 'unanswerable' }),
    );
  });

  it('refuses a category name over 200 characters with 400 naming it, storing nothing', async () => {
    const before = fresh.server.inspect('calendar');
    const response = await createCategory({ name: 'n'.repeat(201) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { name: expect.stringContaining('200') } },
    });
    expect(fresh.server.inspect('calendar')).toEqual(before);
    expect((await createCategory({ name: 'n'.repeat(200) })).status).toBe(201);
  });

  it('refuses a category name larger than the body limit with 413, and the categories stay readable', async () => {
    const before = fresh.server.inspect('calendar');
    const response = await createCategory(`{"name":"${'n'.repeat(3 * 1024 * 1024)}"}`);
    expect(response.status).toBe(413);
    expect(fresh.server.inspect('calendar')).toEqual(before);
    expect((await fresh.server.fetch(CATEGORIES)).status).toBe(200);
  });

  it('undoes a docs write whose answer fails after it was stored', async () => {
    const before = fresh.server.inspect('docs');
    const body = JSON.stringify({ title: 'unanswerable' });
    const stringify = JSON.stringify;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if ((value as { title?: unknown } | null)?.title === 'unanswerable') {
        throw new RangeError('Invalid string length');
      }
      return stringify(value, ...(rest as [undefined]));
    });
    const response = await fresh.server.fetch('http://reference.test/v1/spaces/space_handbook', {
      method: 'PATCH',
      headers: { authorization: 'Bearer docs-dev-user-ada', 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(500);
    vi.restoreAllMocks();
    expect(fresh.server.inspect('docs')).toEqual(before);
  });
});
