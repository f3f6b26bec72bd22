import {
  MAX_DESCRIPTION_LENGTH,
  MAX_SHORT_TEXT_LENGTH,
  MAX_SLUG_LENGTH,
  MAX_TERM_NAME_LENGTH,
  MAX_TITLE_LENGTH,
} from '@clientkit/calendar-client/schemas';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { termFixture } from './support/records';
import { NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

/** The issues of a refused call (nock refuses any request, so a refusal here is the client's own). */
async function issuesOf(call: Promise<unknown>) {
  const error = (await call.catch((caught: unknown) => caught)) as { issues?: unknown };
  return error.issues;
}

describe('maximum string lengths, refused by the client before sending', () => {
  it('term names: at most 200 characters for categories and tags', async () => {
    expect(MAX_TERM_NAME_LENGTH).toBe(200);
    const calendar = unitClient();
    const tooLong = 'n'.repeat(MAX_TERM_NAME_LENGTH + 1);
    expect(await issuesOf(calendar.categories.create({ name: tooLong }))).toEqual([
      { path: 'name', message: expect.stringContaining('200') },
    ]);
    expect(await issuesOf(calendar.tags.update(3, { name: tooLong }))).toEqual([
      { path: 'name', message: expect.stringContaining('200') },
    ]);
    const longest = 'n'.repeat(MAX_TERM_NAME_LENGTH);
    nock(ORIGIN).post(`${NS}/categories`, { name: longest }).reply(201, termFixture(9, longest));
    await expect(calendar.categories.create({ name: longest })).resolves.toMatchObject({ id: 9 });
  });

  it('slugs: at most 200 characters; titles and names of venues and organizers: at most 1000', async () => {
    const calendar = unitClient();
    const slug = 's'.repeat(MAX_SLUG_LENGTH + 1);
    const title = 't'.repeat(MAX_TITLE_LENGTH + 1);
    expect(await issuesOf(calendar.categories.create({ name: 'ok', slug }))).toEqual([
      { path: 'slug', message: expect.stringContaining('200') },
    ]);
    expect(await issuesOf(calendar.venues.create({ venue: title }))).toEqual([
      { path: 'venue', message: expect.stringContaining('1000') },
    ]);
    expect(await issuesOf(calendar.organizers.update(4, { organizer: title }))).toEqual([
      { path: 'organizer', message: expect.stringContaining('1000') },
    ]);
    expect(
      await issuesOf(
        calendar.events.update(5, { title, cost: 'c'.repeat(MAX_SHORT_TEXT_LENGTH + 1) }),
      ),
    ).toEqual([
      { path: 'title', message: expect.stringContaining('1000') },
      { path: 'cost', message: expect.any(String) },
    ]);
  });

  it('descriptions and excerpts: at most 1,000,000 characters', async () => {
    const calendar = unitClient();
    const description = 'd'.repeat(MAX_DESCRIPTION_LENGTH + 1);
    expect(await issuesOf(calendar.tags.create({ name: 'ok', description }))).toEqual([
      { path: 'description', message: expect.stringContaining('1000000') },
    ]);
    expect(await issuesOf(calendar.events.update(5, { excerpt: description }))).toEqual([
      { path: 'excerpt', message: expect.stringContaining('1000000') },
    ]);
  });
});
