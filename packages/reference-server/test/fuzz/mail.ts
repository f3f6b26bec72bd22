import fc from 'fast-check';
import {
  type BodySpec,
  brokenAuthorization,
  deeplyNested,
  type FuzzRequest,
  hugeArrayBody,
  hugeStringBody,
  jsonBody,
  junkSegment,
  malformedJson,
  nonObjectJson,
  notAUrl,
  otherMethod,
  rarelyHuge,
  unknownFields,
  withOneBadField,
  wrongType,
} from './requests';

export interface MailWorld {
  accountToken: string;
  serverIds: number[];
}

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** A change each field would take, so that a case is refused only for what it breaks on purpose. */
const validChanges = { Name: 'Fuzzed server', Color: 'Purple', InboundSpamThreshold: 15 };

const notAHook = fc.oneof(
  wrongType.string,
  notAUrl.filter((url) => url !== ''),
  fc.constantFrom(
    'ftp://hooks.example.test/in',
    'mailto:hooks@example.test',
    'javascript:alert(1)',
    null,
  ),
);

/** Values each writable field must refuse, and the read-only fields, which are refused by name. */
const badFields: Record<string, fc.Arbitrary<unknown>> = {
  Name: fc.oneof(wrongType.string, fc.constantFrom('', null, 'n'.repeat(256))),
  Color: fc.oneof(wrongType.string, fc.constantFrom('Pink', 'blue', 'BLUE', '', null, '#0000ff')),
  SmtpApiActivated: wrongType.boolean,
  RawEmailEnabled: wrongType.boolean,
  InboundHookUrl: notAHook,
  BounceHookUrl: notAHook,
  OpenHookUrl: notAHook,
  DeliveryHookUrl: notAHook,
  ClickHookUrl: notAHook,
  PostFirstOpenOnly: wrongType.boolean,
  InboundDomain: fc.oneof(
    wrongType.string,
    fc.constantFrom(
      'localhost',
      'a,b.example.test',
      'in.example.test, other.example.test',
      'in.example.test other.test',
      '-x.example.test',
      'x..example.test',
      'in.example.test.',
      null,
    ),
  ),
  InboundSpamThreshold: fc.oneof(
    wrongType.integer,
    fc.constantFrom(-5, 7, 12.5, 31, 35, 100, '10'),
  ),
  TrackOpens: wrongType.boolean,
  TrackLinks: fc.oneof(wrongType.string, fc.constantFrom('All', 'none', '', null)),
  IncludeBounceContentInHook: wrongType.boolean,
  EnableSmtpApiErrorHooks: wrongType.boolean,
  ID: fc.constantFrom(1, 2, 99),
  InboundHash: fc.constantFrom('abc', ''),
  InboundAddress: fc.constant('x@inbound.clientkit.test'),
  ServerLink: fc.constant('https://example.test/servers/1'),
  DeliveryType: fc.constantFrom('Live', 'Sandbox'),
};

const badUpdate: fc.Arbitrary<BodySpec> = rarelyHuge(
  fc.oneof(
    { arbitrary: jsonBody(withOneBadField(validChanges, badFields)), weight: 6 },
    { arbitrary: jsonBody(withOneBadField({}, badFields)), weight: 3 },
    { arbitrary: jsonBody(unknownFields), weight: 1 },
    { arbitrary: fc.constantFrom('', '  ', '{}'), weight: 1 },
    { arbitrary: malformedJson, weight: 2 },
    { arbitrary: nonObjectJson(), weight: 1 },
  ),
  [
    deeplyNested(),
    deeplyNested('Color'),
    hugeStringBody('{"Name":"', '"}'),
    hugeStringBody('{"Color":"', '"}'),
    hugeStringBody('{"InboundHookUrl":"ftp://hooks.example.test/', '"}'),
    hugeArrayBody('{"InboundDomain":[', '"in.example.test"', ']}'),
  ],
);

/** Accept headers that admit no JSON answer. */
const notJson = fc.constantFrom(
  'text/html',
  'application/xml',
  'text/*',
  'image/png, text/plain',
  'application/json;q=0',
  'application/json; q=0.0, text/html',
  'application/jsonx',
);

export function mailCases(world: MailWorld): fc.Arbitrary<FuzzRequest> {
  const token = { 'x-mail-account-token': world.accountToken };
  const servers = world.serverIds.map(String);
  const request = (
    kind: string,
    method: string,
    target: string,
    headers: Record<string, string>,
    body?: BodySpec,
  ): FuzzRequest => ({
    api: 'mail',
    kind,
    method,
    target,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const serverPath = fc.constantFrom(...servers).map((id) => `/servers/${id}`);
  const route = fc.oneof(
    serverPath.map((target) => ({
      method: 'GET',
      target,
      body: undefined as BodySpec | undefined,
    })),
    fc.tuple(serverPath, badUpdate).map(([target, body]) => ({ method: 'PUT', target, body })),
    serverPath.map((target) => ({
      method: 'PUT',
      target,
      body: JSON.stringify(validChanges) as BodySpec,
    })),
  );

  const wrongToken = fc
    .oneof(
      fc.constantFrom(
        world.accountToken.toUpperCase(),
        `${world.accountToken}x`,
        world.accountToken.slice(1),
        `Bearer ${world.accountToken}`,
        `${world.accountToken},${world.accountToken}`,
        '',
      ),
      fc.string({ maxLength: 40, unit: 'grapheme-ascii' }),
    )
    .filter((value) => value.trim() !== world.accountToken);
  const missingToken = fc
    .tuple(route, fc.option(brokenAuthorization, { nil: undefined }))
    .map(([{ method, target, body }, authorization]) =>
      request(
        'missing auth',
        method,
        target,
        { ...JSON_HEADERS, ...(authorization ? { authorization } : {}) },
        body,
      ),
    );
  const badToken = fc
    .tuple(route, wrongToken)
    .map(([{ method, target, body }, value]) =>
      request(
        'wrong auth',
        method,
        target,
        { ...JSON_HEADERS, 'x-mail-account-token': value },
        body,
      ),
    );
  const notAcceptingJson = fc
    .tuple(route, notJson)
    .map(([{ method, target, body }, accept]) =>
      request('Accept without JSON', method, target, { ...JSON_HEADERS, ...token, accept }, body),
    );

  const taken = (id: string) => /^\d{1,15}$/.test(id) && world.serverIds.includes(Number(id));
  const junk = fc
    .oneof(
      junkSegment(servers, taken),
      fc.constantFrom('0', '3', '00', '1234567890123456', '-1', '1.0', '1e0', ' 1', '0x1', '１'),
    )
    .filter((id) => !taken(id));
  const badServerId = fc
    .tuple(junk, fc.constantFrom('GET', 'PUT'))
    .map(([id, method]) =>
      request(
        'bad id in path',
        method,
        `/servers/${id}`,
        { ...JSON_HEADERS, ...token },
        method === 'PUT' ? JSON.stringify(validChanges) : undefined,
      ),
    );

  const wrongContentType = fc
    .tuple(
      serverPath,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/jsonx',
        'text/json',
        'application/json-patch+json',
        undefined,
      ),
    )
    .map(([target, contentType]) =>
      request(
        'wrong content type',
        'PUT',
        target,
        {
          accept: 'application/json',
          ...token,
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        JSON.stringify(validChanges),
      ),
    );
  const badBody = fc
    .tuple(
      serverPath,
      badUpdate,
      fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON'),
    )
    .map(([target, body, contentType]) =>
      request(
        'bad body',
        'PUT',
        target,
        { accept: 'application/json', ...token, 'content-type': contentType },
        body,
      ),
    );

  const wrongMethod = fc
    .tuple(serverPath, otherMethod(['GET', 'PUT']))
    .map(([target, method]) =>
      request(
        'wrong method',
        method,
        target,
        { ...JSON_HEADERS, ...token },
        method === 'DELETE' ? undefined : JSON.stringify(validChanges),
      ),
    );
  const unknownPath = fc
    .tuple(
      fc.constantFrom(
        '/servers',
        '/servers/',
        '/servers/1/inbound',
        '/servers/1/messages',
        '/servers/2/x/y',
      ),
      fc.constantFrom('GET', 'PUT', 'POST'),
    )
    .map(([target, method]) =>
      request(
        'unknown path',
        method,
        target,
        { ...JSON_HEADERS, ...token },
        method === 'GET' ? undefined : JSON.stringify(validChanges),
      ),
    );

  return fc.oneof(
    { arbitrary: missingToken, weight: 2 },
    { arbitrary: badToken, weight: 2 },
    { arbitrary: notAcceptingJson, weight: 1 },
    { arbitrary: badServerId, weight: 3 },
    { arbitrary: wrongContentType, weight: 1 },
    { arbitrary: badBody, weight: 9 },
    { arbitrary: wrongMethod, weight: 1 },
    { arbitrary: unknownPath, weight: 1 },
  );
}
