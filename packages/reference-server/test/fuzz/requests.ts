import fc from 'fast-check';
import type { InterfaceName } from '../../src/index';

/**
 * A body given in parts, where `[unit, times]` stands for `unit` repeated and `{ numbered, times }`
 * for `numbered` repeated with `#` replaced by 0, 1, 2...: huge bodies stay a few bytes in the
 * generated case and are built only when the request is sent.
 */
export type BodySpec =
  | string
  | { parts: (string | [unit: string, times: number] | { numbered: string; times: number })[] };

/** One generated request, kept small until it is sent. */
export interface FuzzRequest {
  api: InterfaceName;
  /** What is odd about it, such as `missing auth` or `bad body`. */
  kind: string;
  method: string;
  /** Path and query, encoded. */
  target: string;
  headers: Record<string, string>;
  body?: BodySpec;
}

/** The largest body a case builds (about 2 MB), so that the run stays fast. */
const MAX_BODY_CHARS = 1_900_000;

function bodyText(body: BodySpec): string {
  if (typeof body === 'string') return body;
  return body.parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if (Array.isArray(part)) return part[0].repeat(part[1]);
      return Array.from({ length: part.times }, (_, index) =>
        part.numbered.replace('#', String(index)),
      ).join('');
    })
    .join('');
}

export function toRequest(origin: string, request: FuzzRequest): Request {
  const withBody = request.body !== undefined && request.method !== 'GET';
  return new Request(origin + request.target, {
    method: request.method,
    headers: request.headers,
    ...(withBody ? { body: bodyText(request.body!) } : {}),
  });
}

/** A short description of a case for failure messages: method, target, headers and body start. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string, length: number) =>
    text.length > length ? `${text.slice(0, length)}... (${text.length} chars)` : text;
  const body = request.body === undefined ? '' : ` body=${cut(bodyText(request.body), 160)}`;
  return `[${request.api}: ${request.kind}] ${request.method} ${cut(request.target, 200)} headers=${JSON.stringify(request.headers)}${body}`;
}

// ---- shared arbitraries ----

const json = (value: unknown) => JSON.stringify(value);

/** A JSON object body. */
export function jsonBody(value: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return value.map(json);
}

/** Text that is not JSON: cut-off documents, near-JSON syntax and plain text. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.jsonValue({ maxDepth: 3 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([value, at]) => {
      const text = json({ value, more: [1, 2] });
      return text.slice(0, Math.min(text.length - 1, Math.max(1, Math.floor(text.length * at))));
    })
    .filter((text) => !parses(text)),
  fc.constantFrom(
    '{',
    '{"a":',
    '{a:1}',
    "{'a':1}",
    '{"a":1,}',
    '[1,2',
    '{"a" 1}',
    'NaN',
    'undefined',
    '{"a":1}}',
    '{"a":01}',
    '{"a":"\\x41"}',
    '\uFEFF{',
    '{"a":1}\u0000',
    '<?xml version="1.0"?><a/>',
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ),
  fc
    .string({ minLength: 1, maxLength: 60, unit: 'grapheme' })
    .filter((text) => text.trim() !== '' && !parses(text)),
);

/**
 * Bodies nested tens of thousands of levels deep: arrays at the top level (closed or cut off),
 * objects cut off, and, given a field, arrays nested in that field.
 */
export function deeplyNested(field?: string): fc.Arbitrary<BodySpec> {
  const depth = fc.integer({ min: 10_000, max: 200_000 });
  const shapes: fc.Arbitrary<BodySpec>[] = [
    depth.map((times) => ({ parts: [['[', times], '1', [']', times]] })),
    depth.map((times) => ({ parts: [['[', times], '1'] })),
    depth.map((times) => ({ parts: [['{"a":', times], '1'] })),
  ];
  if (field) {
    shapes.push(
      depth.map((times) => ({ parts: [`{"${field}":`, ['[', times], '1', [']', times], '}'] })),
    );
  }
  return fc.oneof(...shapes);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** JSON whose top level is not an object; `null` only when asked for. */
export function nonObjectJson(withNull = true): fc.Arbitrary<string> {
  const values: unknown[] = [[], [{}], [1, 2], 'text', '', 0, 42, -1.5, true, false];
  return fc.constantFrom(...(withNull ? [...values, null] : values)).map(json);
}

/** A huge JSON string value between `prefix` and `suffix`, such as `{"name":"` and `"}`. */
export function hugeStringBody(prefix: string, suffix: string): fc.Arbitrary<BodySpec> {
  return fc
    .constantFrom('a', 'é', '\\u0000', ' ', '€')
    .chain((unit) =>
      fc
        .integer({ min: 100_000, max: Math.floor(MAX_BODY_CHARS / unit.length) })
        .map((times): BodySpec => ({ parts: [prefix, [unit, times], suffix] })),
    );
}

/** A huge JSON array between `prefix` and `suffix`: `element,` repeated, then `element`. */
export function hugeArrayBody(
  prefix: string,
  element: string,
  suffix: string,
): fc.Arbitrary<BodySpec> {
  const most = Math.floor(MAX_BODY_CHARS / (element.length + 1));
  return fc
    .integer({ min: Math.min(130_000, most), max: Math.min(200_000, most) })
    .map((times) => ({ parts: [prefix, [`${element},`, times], `${element}${suffix}`] }));
}

/**
 * Mostly `regular` bodies, and now and then one of the `huge` ones: those take the server long to
 * refuse, and a few of each kind say as much as many would.
 */
export function rarelyHuge(
  regular: fc.Arbitrary<BodySpec>,
  huge: fc.Arbitrary<BodySpec>[],
): fc.Arbitrary<BodySpec> {
  return fc.oneof({ arbitrary: regular, weight: 40 }, { arbitrary: fc.oneof(...huge), weight: 1 });
}

/** Object keys that no interface knows. */
const unknownKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'extra', 'id', 'ID', '', ' ', '$where'),
  fc.string({ minLength: 1, maxLength: 12 }).map((key) => `x_${key}`),
);

/** One to four unknown fields with any values. */
export const unknownFields: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(unknownKey, fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 4 })
  .map((entries) => {
    const object: Record<string, unknown> = {};
    for (const [key, value] of entries) setOwn(object, key, value);
    return object;
  });

/** Sets an own property, `__proto__` included, as JSON.parse would. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Adds the fields of `extra` to each generated object. */
export function withFields(
  base: fc.Arbitrary<Record<string, unknown>>,
  extra: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(base, extra).map(([a, b]) => {
    const merged: Record<string, unknown> = {};
    for (const source of [a, b]) {
      for (const key of Object.keys(source)) setOwn(merged, key, source[key]);
    }
    return merged;
  });
}

/**
 * An object made of `base` with one field set to one of the values that field must refuse, and
 * sometimes unknown fields besides.
 */
export function withOneBadField(
  base: Record<string, unknown>,
  badValues: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const badField = fc.oneof(
    ...Object.entries(badValues).map(([field, values]) =>
      values.map((value) => ({ [field]: value }) as Record<string, unknown>),
    ),
  );
  const changed = badField.map((bad) => ({ ...base, ...bad }));
  return fc.oneof(
    { arbitrary: changed, weight: 3 },
    { arbitrary: withFields(changed, unknownFields), weight: 1 },
  );
}

/** Values of the wrong JSON type for a field of the given type. */
export const wrongType = {
  string: fc.constantFrom<unknown>(0, 42, -1, true, false, [], ['a'], {}, { a: 'b' }),
  boolean: fc.constantFrom<unknown>('true', 'false', 'yes', '', 1, 0, [], {}, null),
  integer: fc.constantFrom<unknown>('1', '', 'one', 1.5, true, [], {}, [1], null),
  array: fc.constantFrom<unknown>('1', '1,2', 1, true, {}, { 0: 1 }),
};

/** Text that is not a date-time in any form the interfaces read. */
export const notADate = fc.constantFrom(
  '',
  ' ',
  'tomorrow',
  'now',
  '2026-13-01',
  '2026-02-30',
  '2026-02-29 10:00:00',
  '2026-06-01 24:00:00',
  '2026-06-01T10:61:00Z',
  '2026/06/01',
  '01.06.2026',
  '123456789012',
  '-1',
  '2026-06-01T10:00:00+25:00',
  '1e10',
);

/** Text that no URL parser takes as an absolute URL. */
export const notAUrl = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'example.com',
    '/relative/path',
    'http//missing-colon',
    '://x',
    'http://',
  ),
  fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !URL.canParse(text)),
);

/** Authorization headers that name no credential: other schemes, empty, or broken tokens. */
export const brokenAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer null',
    'Bearer undefined',
    'Basic',
    'Basic Og==',
    'Basic !!!not-base64!!!',
    'Digest username="x"',
    'Token abc',
    'Bearer a b',
    'Bearer,',
    'null',
    'Negotiate YII=',
  ),
  fc
    .string({ minLength: 1, maxLength: 80, unit: 'grapheme-ascii' })
    .map((text) => `Bearer ${text.trim() || 'x'}`),
  fc
    .string({ minLength: 1, maxLength: 40 })
    .map((text) => `Basic ${Buffer.from(text).toString('base64')}`),
);

/** HTTP methods no interface defines. */
const oddMethods = ['PROPFIND', 'PURGE', 'LINK', 'FOO'] as const;

/** A method other than those in `allowed`; never HEAD or OPTIONS, which every route answers. */
export function otherMethod(allowed: readonly string[]): fc.Arbitrary<string> {
  const candidates = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', ...oddMethods].filter(
    (method) => !allowed.includes(method),
  );
  return fc.constantFrom(...candidates);
}

/**
 * A path segment naming nothing: random and unicode text, path traversal, very long ids, near
 * misses of real ids and ids of the wrong type. `taken` says which decoded ids exist.
 */
export function junkSegment(
  knownIds: readonly string[],
  taken: (id: string) => boolean,
): fc.Arbitrary<string> {
  const nearMiss = fc
    .tuple(fc.constantFrom(...knownIds), fc.constantFrom('x', '_', '0', ' ', '%', '.json', '/'))
    .chain(([id, extra]) =>
      fc.constantFrom(id + extra, extra + id, id.toUpperCase(), id.slice(0, -1), `${id}\u0000`),
    );
  const raw = fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '../../etc/passwd',
        '..\\..\\windows\\win.ini',
        '../',
        '....//....//',
        '..;/',
        '/etc/passwd',
        '%00',
        'null',
        'undefined',
        'NaN',
        '-1',
        '0',
        '1e9',
        '9'.repeat(40),
        "' OR 1=1 --",
        '<script>alert(1)</script>',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a lookup probe, meant literally
        '${jndi:ldap://x}',
        '{{7*7}}',
        '\u202e\u0645\u0631\u062d\u0628\u0627',
        'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
        '🙈🙉🙊',
        'ＡＢＣ',
      ),
      weight: 2,
    },
    {
      arbitrary: fc.integer({ min: 300, max: 8_000 }).map((length) => 'x'.repeat(length)),
      weight: 1,
    },
    { arbitrary: nearMiss, weight: 2 },
  );
  const encoded = raw.map(encodeURIComponent);
  const badlyEncoded = fc.constantFrom('%zz', '%E0%A4%A', '%', '%%', '%C0%AF', '%u0041', '%ff%fe');
  return fc
    .oneof({ arbitrary: encoded, weight: 9 }, { arbitrary: badlyEncoded, weight: 1 })
    .filter((segment) => !/^(\.|%2e){1,2}$/i.test(segment) && !namesSomething(segment, taken));
}

/** True when a segment, once decoded, or any piece of it between slashes, is an existing id. */
function namesSomething(segment: string, taken: (id: string) => boolean): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // undecodable: the server sees it as it is
  }
  return [segment, decoded, ...decoded.split(/[/\\]/)].some(taken);
}

/** A query string from name and value pairs; a name may repeat. */
export function queryString(pairs: [string, string][]): string {
  const search = new URLSearchParams(pairs).toString();
  return search === '' ? '' : `?${search}`;
}

/** Integers as text outside `[min, max]`, non-integers, non-numbers and numbers JS cannot hold. */
export function badIntegerText(min: number, max = Number.MAX_SAFE_INTEGER): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.integer({ min: -1_000_000, max: min - 1 }).map(String),
      ...(max < Number.MAX_SAFE_INTEGER
        ? [fc.integer({ min: max + 1, max: max + 1_000_000 }).map(String)]
        : []),
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((n) => !Number.isInteger(n))
        .map(String),
      fc.constantFrom(
        '',
        ' ',
        'abc',
        'NaN',
        'Infinity',
        '-Infinity',
        '1e400',
        '1,5',
        '1.5',
        'true',
        '[]',
        '%00',
        '٣',
      ),
    )
    .filter((text) => {
      if (text.trim() === '') return true;
      const value = Number(text);
      return !(Number.isInteger(value) && value >= min && value <= max);
    });
}

/** Text that is not a boolean in the forms query strings use (`true`, `false`, `1`, `0`). */
export const badBooleanText = fc.constantFrom(
  '',
  'yes',
  'no',
  'TRUE',
  'False',
  '2',
  '-1',
  'on',
  'null',
  'ture',
);
