import fc from 'fast-check';
import {
  type BodySpec,
  brokenAuthorization,
  deeplyNested,
  type FuzzRequest,
  hugeArrayBody,
  hugeStringBody,
  jsonBody,
  malformedJson,
  nonObjectJson,
  otherMethod,
  rarelyHuge,
  unknownFields,
  withFields,
  withOneBadField,
  wrongType,
} from './requests';

export interface MeteringWorld {
  apiKeys: string[];
  /** The token of a session that is still valid, and of one that has expired. */
  activeSession: string;
  expiredSession: string;
}

const BASE = '/v2/billing';
const SESSION = `${BASE}/meter_event_session`;
const STREAM = `${BASE}/meter_event_stream`;

/** Service-Version values that are not date-based release names. */
const badVersion = fc.constantFrom(
  '',
  'preview',
  'latest',
  '2026-13-01',
  '2026-1-28',
  '26-01-28',
  '2026-01-28.',
  '2026-01-28.Preview',
  '2026-01-28.9preview',
  '2026-01-28.preview.extra',
  '2026-01-28 preview',
  '2026-00-10',
);
const version = fc.option(fc.constantFrom('2026-01-28.preview', '2025-12-15'), { nil: undefined });

const validEvent = { event_name: 'api_requests', payload: { customer: 'cus_fuzz', value: '1' } };
const over = (length: number) => 'n'.repeat(length);

/** Values each field of a meter event must refuse; `undefined` leaves a required field out. */
const badEventFields: Record<string, fc.Arbitrary<unknown>> = {
  event_name: fc.oneof(wrongType.string, fc.constantFrom('', null, undefined, over(101))),
  payload: fc.constantFrom<unknown>(
    'customer=cus_1',
    [],
    null,
    undefined,
    { value: 1 },
    { value: true },
    { value: null },
    { value: {} },
    { value: ['1'] },
  ),
  identifier: fc.oneof(wrongType.string, fc.constantFrom('', null, over(101))),
  timestamp: fc.oneof(
    wrongType.string,
    fc.constantFrom(
      '',
      null,
      1_780_000_000,
      'yesterday',
      '2026-06-01',
      '2026-06-01T10:00:00',
      '2026-06-01 10:00:00Z',
      '2026-06-01T10:00:00+2:00',
      '2026-06-01T25:00:00Z',
    ),
  ),
};

/** Stream bodies that must be refused: each breaks the batch in one place. */
const badStreamBody: fc.Arbitrary<BodySpec> = rarelyHuge(
  fc.oneof(
    {
      arbitrary: fc.constantFrom(
        '',
        '   ',
        '{}',
        '{"events":[]}',
        '{"events":null}',
        '{"events":{}}',
        '{"events":"x"}',
      ),
      weight: 2,
    },
    { arbitrary: malformedJson, weight: 2 },
    { arbitrary: nonObjectJson(), weight: 1 },
    {
      arbitrary: fc
        .tuple(withOneBadField(validEvent, badEventFields), fc.nat({ max: 5 }), fc.nat({ max: 5 }))
        .map(([bad, before, after]) =>
          JSON.stringify({
            events: [...Array(before).fill(validEvent), bad, ...Array(after).fill(validEvent)],
          }),
        ),
      weight: 6,
    },
    {
      arbitrary: jsonBody(withFields(fc.constant({ events: [validEvent] }), unknownFields)),
      weight: 1,
    },
    {
      arbitrary: fc
        .integer({ min: 101, max: 400 })
        .map((count) => JSON.stringify({ events: Array(count).fill(validEvent) })),
      weight: 1,
    },
  ),
  [
    deeplyNested(),
    deeplyNested('events'),
    hugeArrayBody('{"events":[', '{}', ']}'),
    hugeStringBody('{"events":[{"payload":{},"event_name":"', '"}]}'),
    // A payload of some hundred thousand entries, none of them text.
    fc.integer({ min: 130_000, max: 160_000 }).map(
      (times): BodySpec => ({
        parts: [
          '{"events":[{"event_name":"x","payload":{',
          { numbered: '"k#":1,', times },
          '"k":1}}]}',
        ],
      }),
    ),
  ],
);

export function meteringCases(world: MeteringWorld): fc.Arbitrary<FuzzRequest> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const request = (
    kind: string,
    target: string,
    headers: Record<string, string>,
    body?: BodySpec,
    method = 'POST',
  ): FuzzRequest => ({
    api: 'metering',
    kind,
    method,
    target,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const withVersion = (headers: Record<string, string>, value: string | undefined) =>
    value === undefined ? headers : { ...headers, 'service-version': value };
  const anyBody = fc.option(
    fc.oneof(badStreamBody, fc.constant(JSON.stringify({ events: [validEvent] }))),
    { nil: undefined },
  );
  const bearerValue = (header: string) => /^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1];

  const keyLike = fc.stringMatching(/^sk_(test|live|prod)_[A-Za-z0-9_]{0,30}$/);
  const badApiKey = fc
    .oneof(
      brokenAuthorization,
      keyLike.map((key) => `Bearer ${key}`),
      fc
        .constantFrom(...world.apiKeys)
        .chain((key) =>
          fc.constantFrom(
            key,
            `Basic ${key}`,
            `Bearer ${key} ${key}`,
            `Bearer ${key}0`,
            `Bearer ${key.toUpperCase()}`,
            `Bearer ${key.slice(0, 12)}`,
          ),
        ),
      fc.constant(`Bearer ${world.activeSession}`),
    )
    .filter((header) => !world.apiKeys.includes(bearerValue(header) ?? ''));
  const badSessionToken = fc
    .oneof(
      brokenAuthorization,
      fc.constant(`Bearer ${world.expiredSession}`),
      fc.constantFrom(...world.apiKeys).map((key) => `Bearer ${key}`),
      fc.constantFrom(
        `Bearer ${world.activeSession}x`,
        `Bearer ${world.activeSession.slice(0, -1)}`,
        `Bearer ${world.activeSession.toUpperCase()}`,
        world.activeSession,
      ),
      fc.stringMatching(/^mest_[A-Za-z0-9_-]{0,40}$/).map((token) => `Bearer ${token}`),
    )
    .filter((header) => bearerValue(header) !== world.activeSession);

  const sessionWithoutKey = fc
    .tuple(fc.option(badApiKey, { nil: undefined }), version, anyBody)
    .map(([authorization, release, body]) =>
      request(
        authorization ? 'wrong auth' : 'missing auth',
        SESSION,
        withVersion(authorization ? { authorization } : {}, release),
        body,
      ),
    );
  const sessionWithBadVersion = fc
    .tuple(fc.constantFrom(...world.apiKeys), badVersion, anyBody)
    .map(([key, release, body]) =>
      request('bad Service-Version', SESSION, withVersion(bearer(key), release), body),
    );
  const streamWithoutSession = fc
    .tuple(fc.option(badSessionToken, { nil: undefined }), version, anyBody)
    .map(([authorization, release, body]) =>
      request(
        authorization ? 'wrong auth' : 'missing auth',
        STREAM,
        withVersion(authorization ? { authorization } : {}, release),
        body,
      ),
    );
  const streamWithBadVersion = fc
    .tuple(badVersion, anyBody)
    .map(([release, body]) =>
      request(
        'bad Service-Version',
        STREAM,
        withVersion(bearer(world.activeSession), release),
        body,
      ),
    );
  const streamWithBadBody = fc
    .tuple(badStreamBody, version, fc.constantFrom('application/json', 'text/plain', undefined))
    .map(([body, release, contentType]) =>
      request(
        'bad body',
        STREAM,
        withVersion(
          {
            ...bearer(world.activeSession),
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          release,
        ),
        body,
      ),
    );
  const wrongMethod = fc
    .tuple(fc.constantFrom(SESSION, STREAM), otherMethod(['POST']))
    .map(([target, method]) =>
      request(
        'wrong method',
        target,
        bearer(target === SESSION ? world.apiKeys[0]! : world.activeSession),
        undefined,
        method,
      ),
    );
  const unknownPath = fc
    .tuple(
      fc.constantFrom(
        `${BASE}/meter_events`,
        `${BASE}/meter_event_session/x`,
        `${BASE}/meter_event_stream/`,
        `${BASE}/`,
        `${BASE}/meters`,
        `${BASE}/METER_EVENT_SESSION`,
      ),
      fc.constantFrom('GET', 'POST'),
    )
    .filter(([target, method]) => !(method === 'POST' && target === `${BASE}/meter_event_stream/`))
    .map(([target, method]) =>
      request('unknown path', target, bearer(world.apiKeys[0]!), undefined, method),
    );

  return fc.oneof(
    { arbitrary: sessionWithoutKey, weight: 3 },
    { arbitrary: sessionWithBadVersion, weight: 2 },
    { arbitrary: streamWithoutSession, weight: 3 },
    { arbitrary: streamWithBadVersion, weight: 1 },
    { arbitrary: streamWithBadBody, weight: 8 },
    { arbitrary: wrongMethod, weight: 1 },
    { arbitrary: unknownPath, weight: 1 },
  );
}
