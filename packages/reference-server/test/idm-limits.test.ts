import {
  CLIENT_DESCRIPTION_MAX_LENGTH,
  CLIENT_METADATA_LIMITS,
  CLIENT_NAME_MAX_LENGTH,
  CLIENT_URL_LIST_MAX_ITEMS,
  CLIENT_URL_MAX_LENGTH,
  type Client,
  type LogEvent,
} from '@clientkit/contracts/idm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOG_TEXT_MAX_LENGTH } from '../src/apis/idm/audit-log';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const ORIGIN = 'http://idm.test';
const { maxProperties, maxNameLength, maxValueLength } = CLIENT_METADATA_LIMITS;

let server: ReferenceServer;
let token: string;

beforeAll(async () => {
  server = await createReferenceServer();
});
beforeEach(async () => {
  server.reset();
  token = await server.idm.mintToken({ origin: ORIGIN });
});
afterAll(() => server.close());

const state = () => server.inspect('idm') as { clients: Client[]; logs: LogEvent[] };

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.fetch(`${ORIGIN}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

const urlOf = (length: number) => `https://app.test/${'a'.repeat(length - 17)}`;
const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://app.test/${i}`);
const metadataOf = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));

/** Bodies one past a limit, with the field the refusal must name. */
const pastLimits: [field: string, body: Record<string, unknown>][] = [
  ['name', { name: 'n'.repeat(CLIENT_NAME_MAX_LENGTH + 1) }],
  ['description', { description: 'd'.repeat(CLIENT_DESCRIPTION_MAX_LENGTH + 1) }],
  ['callbacks', { callbacks: urls(CLIENT_URL_LIST_MAX_ITEMS + 1) }],
  ['callbacks[0]', { callbacks: [urlOf(CLIENT_URL_MAX_LENGTH + 1)] }],
  ['allowed_origins', { allowed_origins: urls(CLIENT_URL_LIST_MAX_ITEMS + 1) }],
  ['logo_uri', { logo_uri: urlOf(CLIENT_URL_MAX_LENGTH + 1) }],
  ['client_metadata', { client_metadata: metadataOf(maxProperties + 1) }],
  ['client_metadata', { client_metadata: { ['k'.repeat(maxNameLength + 1)]: 'v' } }],
  ['client_metadata.team', { client_metadata: { team: 'v'.repeat(maxValueLength + 1) } }],
];

describe('idm length limits, end to end', () => {
  it.each(pastLimits)(
    'a create past the limit of %s is a 400 invalid_body naming the field, and creates nothing',
    async (field, body) => {
      const before = state().clients;
      const response = await send('POST', '/api/v2/clients', { name: 'x', ...body });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as Record<string, unknown>;
      expect(answer).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        errorCode: 'invalid_body',
      });
      expect(answer.message).toContain(`${field} must`);
      expect(state().clients).toEqual(before);
    },
  );

  it.each(pastLimits)(
    'an update past the limit of %s is a 400 invalid_body, and the client is unchanged',
    async (_field, body) => {
      const before = state().clients;
      const response = await send('PATCH', `/api/v2/clients/${before[0]!.client_id}`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: 'invalid_body' });
      expect(state().clients).toEqual(before);
    },
  );

  it('a client exactly at every limit is created and kept whole', async () => {
    const body = {
      name: 'n'.repeat(CLIENT_NAME_MAX_LENGTH),
      description: 'd'.repeat(CLIENT_DESCRIPTION_MAX_LENGTH),
      callbacks: [...urls(CLIENT_URL_LIST_MAX_ITEMS - 1), urlOf(CLIENT_URL_MAX_LENGTH)],
      allowed_origins: urls(CLIENT_URL_LIST_MAX_ITEMS),
      logo_uri: urlOf(CLIENT_URL_MAX_LENGTH),
      client_metadata: {
        ...metadataOf(maxProperties - 1),
        ['k'.repeat(maxNameLength)]: 'v'.repeat(maxValueLength),
      },
    };
    const response = await send('POST', '/api/v2/clients', body);
    expect(response.status).toBe(201);
    const created = (await response.json()) as Client;
    expect(state().clients.find((c) => c.client_id === created.client_id)).toMatchObject(body);
  });

  it('the log keeps at most 2048 characters of a request path and of an error message', async () => {
    const path = `/api/v2/clients/${'x'.repeat(5000)}`;
    const response = await send('POST', path, { name: 'x' });
    expect(response.status).toBe(404);
    const event = state().logs.at(-1)!;
    expect(event.details?.path).toBe(path.slice(0, LOG_TEXT_MAX_LENGTH));
    expect(event.description.length).toBeLessThanOrEqual(LOG_TEXT_MAX_LENGTH);
    const message = (event.details!.error as { message: string }).message;
    expect(message.length).toBe(LOG_TEXT_MAX_LENGTH);
  });

  it('the OpenAPI document states the limits the server checks', async () => {
    const document = (await (await server.fetch(`${ORIGIN}/api/v2/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const properties = document.components.schemas.CreateClientBody!.properties;
    expect(properties.callbacks).toMatchObject({
      maxItems: CLIENT_URL_LIST_MAX_ITEMS,
      items: { maxLength: CLIENT_URL_MAX_LENGTH },
    });
    expect(properties.client_metadata).toEqual({
      type: 'object',
      maxProperties,
      propertyNames: { maxLength: maxNameLength },
      additionalProperties: { type: 'string', maxLength: maxValueLength },
    });
  });
});
