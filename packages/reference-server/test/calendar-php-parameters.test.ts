import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_INPUT_NESTING,
  MAX_INPUT_VARIABLES,
  type PhpArray,
  readPhpInput,
} from '../src/apis/calendar/php-parameters';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const ORIGIN = 'http://reference.test';
const BASE = `${ORIGIN}/wp-json/calendar/events/v1`;
const editor = `Basic ${Buffer.from('editor:EdiT oRPa ssW0 rdCa lEnD ar01').toString('base64')}`;

let server: ReferenceServer;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

/** What PHP would put in `$_GET` for this query, as plain values. */
function phpRead(query: string): unknown {
  return (readPhpInput(query).variables as PhpArray).toPlain();
}

async function eventIds(query: string): Promise<number[]> {
  const response = await server.fetch(`${BASE}/events?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: { id: number }[] }).events.map((event) => event.id);
}

function postForm(path: string, form: string, method = 'POST') {
  return server.fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: editor, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

const event = 'start_date=2026-07-01+19:00:00&end_date=2026-07-01+21:00:00';

describe('the PHP reader fills variables as PHP fills $_GET and $_POST', () => {
  it('reads x[]=1&x[]=2 and x[0]=1&x[1]=2 as lists, and x[a]=1 as a map', () => {
    expect(phpRead('x[]=1&x[]=2')).toEqual({ x: ['1', '2'] });
    expect(phpRead('x[0]=1&x[1]=2')).toEqual({ x: ['1', '2'] });
    expect(phpRead('x[a]=1&x[b][]=2')).toEqual({ x: { a: '1', b: ['2'] } });
  });

  it('keeps the last value of a repeated plain key, and a later plain value replaces a list', () => {
    expect(phpRead('a=1&a=2')).toEqual({ a: '2' });
    expect(phpRead('a[]=1&a=2')).toEqual({ a: '2' });
    expect(phpRead('a=1&a[]=2')).toEqual({ a: ['2'] });
  });

  it('appends after the largest integer key, and keys like 07 or +1 stay text', () => {
    const x = readPhpInput('x[5]=a&x[]=b').variables.get('x') as PhpArray;
    expect(x.entries()).toEqual([
      [5, 'a'],
      [6, 'b'],
    ]);
    expect(phpRead('x[07]=a&x[%2B1]=b')).toEqual({ x: { '07': 'a', '+1': 'b' } });
  });

  it('turns dots and spaces of a top-level name into underscores, and drops leading spaces', () => {
    expect(phpRead('a.b=1&c+d=2&+e=3')).toEqual({ a_b: '1', c_d: '2', e: '3' });
    expect(phpRead('a[b.c]=1')).toEqual({ a: { 'b.c': '1' } });
  });

  it('reads a [ that is never closed as part of the name, and ignores text after a ]', () => {
    expect(phpRead('a[b=1')).toEqual({ a_b: '1' });
    expect(phpRead('a[b][c=1')).toEqual({ a: { b: '1' } });
    expect(phpRead('a[b]c=1')).toEqual({ a: { b: '1' } });
  });

  it('decodes + and %XX, keeps a stray %, and reads a name without = as empty text', () => {
    expect(phpRead('q=caf%C3%A9+bar&p=100%&flag')).toEqual({ q: 'café bar', p: '100%', flag: '' });
  });

  it(`reads at most ${MAX_INPUT_VARIABLES} variables and drops the rest, as max_input_vars does`, () => {
    const pieces = Array.from({ length: MAX_INPUT_VARIABLES + 5 }, (_, i) => `v${i}=${i}`);
    const read = phpRead(pieces.join('&')) as Record<string, string>;
    expect(Object.keys(read)).toHaveLength(MAX_INPUT_VARIABLES);
    expect(read[`v${MAX_INPUT_VARIABLES - 1}`]).toBe(String(MAX_INPUT_VARIABLES - 1));
    expect(read[`v${MAX_INPUT_VARIABLES}`]).toBeUndefined();
  });

  it(`drops a variable nested deeper than ${MAX_INPUT_NESTING} levels, with what it had`, () => {
    const deep = `${'[a]'.repeat(MAX_INPUT_NESTING + 1)}`;
    const fits = `${'[a]'.repeat(MAX_INPUT_NESTING)}`;
    expect(phpRead(`x[k]=1&x${deep}=2&y=3`)).toEqual({ y: '3' });
    expect(Object.keys(phpRead(`x${fits}=2`) as object)).toEqual(['x']);
  });

  it('reports the top-level name of a variable whose bytes are not UTF-8, and stores nothing of it', () => {
    const input = readPhpInput('title=caf%E9&ok=1&bad%FF[x]=2');
    expect(input.notUtf8).toEqual(['title', 'bad\uFFFD']);
    expect(input.variables.toPlain()).toEqual({ ok: '1' });
  });
});

describe('calendar queries follow PHP array syntax', () => {
  it('?categories[]=1 filters as ?categories=1 does (node-wpapi sends lists this way)', async () => {
    const plain = await eventIds('categories=1');
    expect(plain.length).toBeGreaterThan(0);
    expect(await eventIds('categories[]=1')).toEqual(plain);
    expect(await eventIds('categories[0]=1')).toEqual(plain);
    expect(plain).not.toEqual(await eventIds(''));
  });

  it('?include[]=105 answers only that event, and include[0]=105&include[1]=100 both', async () => {
    expect(await eventIds('include[]=105')).toEqual([105]);
    expect((await eventIds('include[0]=105&include[1]=100')).sort()).toEqual([100, 105]);
  });

  it('lists still take the comma-separated form the clients send', async () => {
    expect((await eventIds('include=105,100')).sort()).toEqual([100, 105]);
  });

  it.each([['categories=abc'], ['categories[]=abc'], ['categories[a]=1'], ['per_page[]=5']])(
    '?%s is 400 rest_invalid_param naming the parameter',
    async (query) => {
      const response = await server.fetch(`${BASE}/events?${query}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; data: { params: object } };
      expect(body.code).toBe('rest_invalid_param');
      expect(Object.keys(body.data.params)).toEqual([query.split(/[[=]/)[0]]);
    },
  );

  it('a repeated plain query key keeps its last value', async () => {
    expect(await eventIds('include=105&include=100')).toEqual([100]);
    const response = await server.fetch(`${BASE}/venues?per_page=1&per_page=2`);
    expect(((await response.json()) as { venues: unknown[] }).venues).toHaveLength(2);
  });

  it(`reads only the first ${MAX_INPUT_VARIABLES} query variables: an include after them is dropped`, async () => {
    const filler = Array.from({ length: MAX_INPUT_VARIABLES }, (_, i) => `f${i}=1`).join('&');
    expect(await eventIds(`${filler}&include=105`)).toEqual(await eventIds(''));
    const justInside = Array.from({ length: MAX_INPUT_VARIABLES - 1 }, (_, i) => `f${i}=1`);
    expect(await eventIds(`${justInside.join('&')}&include=105`)).toEqual([105]);
  });

  it('a query value whose bytes are not UTF-8 is 400 rest_invalid_param naming it', async () => {
    const response = await server.fetch(`${BASE}/events?search=caf%E9`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { search: 'is not valid UTF-8' } },
    });
  });
});

describe('calendar form bodies follow PHP array syntax', () => {
  it('categories[0]=1&categories[1]=3 in a form create is the list [1, 3]', async () => {
    const response = await postForm(
      '/events',
      `title=Indexed&${event}&categories[0]=1&categories[1]=3&tags[]=5`,
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as {
      categories: { id: number }[];
      tags: { id: number }[];
    };
    expect(created.categories.map((term) => term.id)).toEqual([1, 3]);
    expect(created.tags.map((term) => term.id)).toEqual([5]);
  });

  it('a form cost of numeric text is a number, as WordPress reads a string-or-number field: 12.50 is 12.5', async () => {
    const numeric = await postForm('/events', `title=Priced&${event}&cost=12.50`);
    expect(numeric.status).toBe(201);
    expect(await numeric.json()).toMatchObject({ cost: '12.5' });
    const text = await postForm('/events', `title=Free&${event}&cost=Free`);
    expect(text.status).toBe(201);
    expect(await text.json()).toMatchObject({ cost: 'Free' });
  });

  it('a repeated plain form key keeps its last value (it used to keep the first)', async () => {
    const response = await postForm('/tags', 'name=First&name=Last');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: 'Last' });
  });

  it('a list item holding a comma is one item, refused as an id (no comma splitting inside name[])', async () => {
    const response = await postForm('/events', `title=Commas&${event}&categories[]=1,3`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { categories: expect.any(String) } },
    });
  });

  it(`reads only the first ${MAX_INPUT_VARIABLES} form variables: a required field after them is missing`, async () => {
    const filler = Array.from({ length: MAX_INPUT_VARIABLES - 3 }, (_, i) => `f${i}=1`).join('&');
    const before = server.inspect('calendar');
    const fits = await postForm('/events', `${filler}&title=Late&${event}`);
    expect(fits.status).toBe(201);
    const late = await postForm('/events', `${filler}&f=1&title=Late&${event}`);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { params: ['end_date'] },
    });
    expect((server.inspect('calendar') as { events: unknown[] }).events).toHaveLength(
      (before as { events: unknown[] }).events.length + 1,
    );
  });
});
