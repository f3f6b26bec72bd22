import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { IdmClient, RequestValidationError } from '../src/index';
import {
  CLIENT_DESCRIPTION_MAX_LENGTH,
  CLIENT_METADATA_LIMITS,
  CLIENT_NAME_MAX_LENGTH,
  CLIENT_URL_LIST_MAX_ITEMS,
  CLIENT_URL_MAX_LENGTH,
} from '../src/schemas';
import { fakeJwt, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const token = fakeJwt(['create:clients', 'update:clients']);
const idm = new IdmClient({ baseUrl: ORIGIN, token, retry: 0 });

/** A URL of exactly `length` characters. */
const urlOf = (length: number) => {
  const start = 'https://app.test/';
  return `${start}${'a'.repeat(length - start.length)}`;
};
const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://app.test/${i}`);
const metadataOf = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));
const { maxProperties, maxNameLength, maxValueLength } = CLIENT_METADATA_LIMITS;

/** Each limit: a body just at it (sent) and one just past it (refused), and the field named. */
const limits = [
  {
    rule: `name: at most ${CLIENT_NAME_MAX_LENGTH} characters`,
    at: { name: 'n'.repeat(CLIENT_NAME_MAX_LENGTH) },
    past: { name: 'n'.repeat(CLIENT_NAME_MAX_LENGTH + 1) },
    path: 'name',
  },
  {
    rule: `description: at most ${CLIENT_DESCRIPTION_MAX_LENGTH} characters`,
    at: { description: 'd'.repeat(CLIENT_DESCRIPTION_MAX_LENGTH) },
    past: { description: 'd'.repeat(CLIENT_DESCRIPTION_MAX_LENGTH + 1) },
    path: 'description',
  },
  {
    rule: `callbacks: at most ${CLIENT_URL_LIST_MAX_ITEMS} URLs`,
    at: { callbacks: urls(CLIENT_URL_LIST_MAX_ITEMS) },
    past: { callbacks: urls(CLIENT_URL_LIST_MAX_ITEMS + 1) },
    path: 'callbacks',
  },
  {
    rule: `callbacks: each URL at most ${CLIENT_URL_MAX_LENGTH} characters`,
    at: { callbacks: [urlOf(CLIENT_URL_MAX_LENGTH)] },
    past: { callbacks: ['https://ok.test/', urlOf(CLIENT_URL_MAX_LENGTH + 1)] },
    path: 'callbacks[1]',
  },
  {
    rule: `allowed_origins: at most ${CLIENT_URL_LIST_MAX_ITEMS} URLs`,
    at: { allowed_origins: urls(CLIENT_URL_LIST_MAX_ITEMS) },
    past: { allowed_origins: urls(CLIENT_URL_LIST_MAX_ITEMS + 1) },
    path: 'allowed_origins',
  },
  {
    rule: `logo_uri: at most ${CLIENT_URL_MAX_LENGTH} characters`,
    at: { logo_uri: urlOf(CLIENT_URL_MAX_LENGTH) },
    past: { logo_uri: urlOf(CLIENT_URL_MAX_LENGTH + 1) },
    path: 'logo_uri',
  },
  {
    rule: `client_metadata: at most ${maxProperties} properties`,
    at: { client_metadata: metadataOf(maxProperties) },
    past: { client_metadata: metadataOf(maxProperties + 1) },
    path: 'client_metadata',
  },
  {
    rule: `client_metadata: names of at most ${maxNameLength} characters`,
    at: { client_metadata: { ['k'.repeat(maxNameLength)]: 'v' } },
    past: { client_metadata: { ['k'.repeat(maxNameLength + 1)]: 'v' } },
    path: 'client_metadata',
  },
  {
    rule: `client_metadata: values of at most ${maxValueLength} characters`,
    at: { client_metadata: { team: 'v'.repeat(maxValueLength) } },
    past: { client_metadata: { team: 'v'.repeat(maxValueLength + 1) } },
    path: 'client_metadata.team',
  },
];

describe('length limits of a client, checked by the client before any request', () => {
  it.each(limits)('create refuses past the limit, naming the field ($rule)', async (limit) => {
    const error = await rejectionOf(idm.clients.create({ name: 'x', ...limit.past }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((issue) => issue.path)).toEqual([
      limit.path,
    ]);
  });

  it.each(limits)('update refuses past the limit, naming the field ($rule)', async (limit) => {
    const error = await rejectionOf(idm.clients.update('abc', limit.past));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues.map((issue) => issue.path)).toEqual([
      limit.path,
    ]);
  });

  it.each(limits)('create sends a body exactly at the limit ($rule)', async (limit) => {
    const body = { name: 'x', ...limit.at };
    nock(ORIGIN)
      .post('/api/v2/clients', body)
      .reply(201, { client_id: 'abc', ...body });
    expect(await idm.clients.create(body)).toMatchObject(body);
  });

  it('names the rule that was broken in the message', async () => {
    const error = (await rejectionOf(
      idm.clients.create({ name: 'x', client_metadata: metadataOf(maxProperties + 1) }),
    )) as RequestValidationError;
    expect(error.issues[0]?.message).toBe(`must have at most ${maxProperties} properties`);
  });
});
