// CommonJS smoke test: every published package loads with require() from its CJS build, and each
// client sends one request through ky (ky publishes ES modules only, which Node 20.19 and later
// load with require()).
// Runs after the build, as part of the examples package's tests.
const assert = require('node:assert/strict');

const answer = (body) => async () =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const clients = [
  [
    '@clientkit/docs-client',
    'DocsClient',
    { token: 't' },
    (c) => c.getApiInformation(),
    { version: '1', build: 'b' },
  ],
  ['@clientkit/calendar-client', 'CalendarClient', {}, (c) => c.tags.get(1), { id: 1 }],
  [
    '@clientkit/metering-client',
    'MeteringClient',
    { apiKey: 'sk_test_1' },
    (c) => c.sessions.create(),
    { id: 's' },
  ],
  [
    '@clientkit/mail-client',
    'MailClient',
    { accountToken: 't' },
    (c) => c.servers.get(1),
    { ID: 1 },
  ],
  [
    '@clientkit/idm-client',
    'IdmClient',
    { token: 't' },
    (c) => c.clients.get('c1'),
    { client_id: 'c1' },
  ],
];

async function main() {
  assert.equal(typeof require('@clientkit/core').APIPromise, 'function');
  assert.equal(typeof require('@clientkit/core/internal').ClientCore, 'function');
  assert.equal(typeof require('@clientkit/core/contract').defineContract, 'function');
  require('@clientkit/reference-server');
  for (const [name, className, options, call, body] of clients) {
    const Client = require(name)[className];
    const client = new Client({
      baseUrl: 'https://service.example',
      ...options,
      fetch: answer(body),
    });
    assert.deepEqual(await call(client), body, `${name} answered through its CJS build`);
    console.log(`cjs: ${name} ok`);
  }
  await testKitAnswers();
}

/** The test kit's CommonJS build: a server and its five clients, one in-process call. */
async function testKitAnswers() {
  const { createReferenceServer } = require('@clientkit/reference-server/testing');
  const server = await createReferenceServer();
  try {
    const { docs } = server.clients();
    assert.equal((await docs.user.get()).id, 'usr_ada', 'the kit answered through its CJS build');
    console.log('cjs: @clientkit/reference-server/testing ok');
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
