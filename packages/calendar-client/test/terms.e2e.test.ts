import {
  BadRequestError,
  type CategoryFilters,
  NotFoundError,
  type TagFilters,
} from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';
import { useCalendarServer } from './support/e2e';

/**
 * Seeded categories: 1 Music, 2 Jazz (child of Music), 3 Workshops, 4 Sports (no events).
 * Tags: 5 Family friendly, 6 Outdoor, 7 Free, 8 Archived (no events).
 */
const calendar = useCalendarServer();

const categoryNames = async (filters: CategoryFilters) =>
  (await calendar.anonymous.categories.list(filters).toArray()).map((term) => term.name);
const tagNames = async (filters: TagFilters) =>
  (await calendar.anonymous.tags.list(filters).toArray()).map((term) => term.name);

describe('GET /categories and GET /tags filters', () => {
  it('hide terms no published event uses by default (hide_empty true)', async () => {
    expect(await categoryNames({})).toEqual(['Jazz', 'Music', 'Workshops']);
    expect(await categoryNames({ hide_empty: false })).toEqual([
      'Jazz',
      'Music',
      'Sports',
      'Workshops',
    ]);
    expect(await tagNames({})).toEqual(['Family friendly', 'Free', 'Outdoor']);
    expect(await tagNames({ hide_empty: false })).toContain('Archived');
  });

  it('report the taxonomy, the parent and how many published events use each term', async () => {
    const jazz = await calendar.anonymous.categories.get(2);
    expect(jazz).toMatchObject({ taxonomy: 'tribe_events_cat', parent: 1, count: 4 });
    expect(jazz.urls.up).toMatch(/\/categories\/1$/);
    expect(await calendar.anonymous.tags.get(7)).toMatchObject({ taxonomy: 'post_tag', count: 3 });
  });

  it('parent keeps the children of one category (0: the top level)', async () => {
    expect(await categoryNames({ parent: 1 })).toEqual(['Jazz']);
    expect(await categoryNames({ parent: 0, hide_empty: false })).toEqual([
      'Music',
      'Sports',
      'Workshops',
    ]);
  });

  it('include and exclude restrict to or leave out ids', async () => {
    expect(await categoryNames({ include: [1, 4], hide_empty: false })).toEqual([
      'Music',
      'Sports',
    ]);
    expect(await categoryNames({ exclude: [1, 2] })).toEqual(['Workshops']);
  });

  it('order and orderby sort by a term attribute, ascending or descending', async () => {
    // Music has 5 events, Jazz and Workshops 4 each: ties go by id, and desc reverses the whole order.
    expect(await categoryNames({ orderby: 'count', order: 'desc' })).toEqual([
      'Music',
      'Workshops',
      'Jazz',
    ]);
    expect(await categoryNames({ orderby: 'count' })).toEqual(['Jazz', 'Workshops', 'Music']);
    expect(await categoryNames({ orderby: 'id', order: 'desc' })).toEqual([
      'Workshops',
      'Jazz',
      'Music',
    ]);
    expect(await categoryNames({ orderby: 'include', include: [3, 1, 2] })).toEqual([
      'Workshops',
      'Music',
      'Jazz',
    ]);
    expect(await tagNames({ orderby: 'slug', order: 'desc' })).toEqual([
      'Outdoor',
      'Free',
      'Family friendly',
    ]);
  });

  it('search matches a string in the name or slug; slug matches exactly', async () => {
    expect(await categoryNames({ search: 'SHOP' })).toEqual(['Workshops']);
    expect(await tagNames({ search: 'family-' })).toEqual(['Family friendly']);
    expect(await tagNames({ slug: 'free' })).toEqual(['Free']);
    expect(await tagNames({ slug: 'fre' })).toEqual([]);
  });

  it('post keeps the terms of one event, and event is its alias', async () => {
    expect(await categoryNames({ post: 100 })).toEqual(['Jazz', 'Music']);
    expect(await tagNames({ event: 108 })).toEqual(['Family friendly', 'Outdoor']);
    expect(await tagNames({ post: 108, event: 108 })).toEqual(['Family friendly', 'Outdoor']);
  });

  it('answers 400 rest_invalid_param when post names an event the reader cannot see', async () => {
    const error = await calendar.anonymous.tags
      .list({ event: 111 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { event: 'has no event with id 111' } },
    });
  });

  it('answers 404 term-archive-page-not-found for a page past the end', async () => {
    const page = await calendar.anonymous.categories.list({ per_page: 2, page: 2 });
    expect(page.items.map((term) => term.name)).toEqual(['Workshops']);
    await expect(
      calendar.anonymous.categories.list({ per_page: 2, page: 3 }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'term-archive-page-not-found',
    });
  });
});

describe('writing categories and tags', () => {
  it('creates a category under a parent (201) and a tag, with slugs from their names', async () => {
    const { data: blues, response } = await calendar.editor.categories
      .create({ name: 'Delta Blues', parent: 1, description: 'From the Mississippi' })
      .withResponse();
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(blues.urls.self);
    expect(blues).toMatchObject({ slug: 'delta-blues', parent: 1, count: 0 });
    const tag = await calendar.editor.tags.create({ name: 'Rain or shine' });
    expect(tag).toMatchObject({ slug: 'rain-or-shine', parent: 0, taxonomy: 'post_tag' });
  });

  it('answers 400 term_exists for a name already used under the same parent', async () => {
    const error = await calendar.editor.categories
      .create({ name: 'jazz', parent: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, code: 'term_exists' });
    expect((error as BadRequestError).body).toMatchObject({ data: { details: { term_id: 2 } } });
    expect(await calendar.editor.categories.create({ name: 'Jazz', parent: 3 })).toMatchObject({
      slug: 'jazz-2',
    });
  });

  it('answers 400 duplicate_term_slug for a slug another term has', async () => {
    await expect(
      calendar.editor.tags.create({ name: 'Gratis', slug: 'free' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'duplicate_term_slug',
    });
  });

  it('refuses a parent that does not exist or lies below the category', async () => {
    await expect(
      calendar.editor.categories.create({ name: 'Orphan', parent: 77 }),
    ).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
    await expect(calendar.editor.categories.update(1, { parent: 2 })).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
    await expect(calendar.editor.categories.update(1, { parent: 1 })).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
  });

  it('updates the given fields (POST, PUT and PATCH alike)', async () => {
    const workshops = await calendar.editor.categories.update(3, {
      name: 'Classes',
      slug: 'classes',
    });
    expect(workshops).toMatchObject({
      name: 'Classes',
      slug: 'classes',
      description: 'Learn by doing',
    });
    const put = await fetch(`${calendar.apiRoot}/calendar/events/v1/tags/6`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from('editor:EdiT oRPa ssW0 rdCa lEnD ar01').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ description: 'Under the sky' }),
    });
    expect(put.status).toBe(200);
    expect((await calendar.anonymous.tags.get(6)).description).toBe('Under the sky');
  });

  it('deletes for good on DELETE: 200 with the term, then 404 term-not-found', async () => {
    const deleted = await calendar.editor.categories.delete(1);
    expect(deleted).toMatchObject({ id: 1, name: 'Music', count: 5 });
    const again = await calendar.editor.categories.delete(1).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(NotFoundError);
    expect(again).toMatchObject({ code: 'term-not-found' });
    expect((await calendar.anonymous.categories.get(2)).parent).toBe(0);
    const festival = await calendar.anonymous.events.get(108);
    expect(festival.categories).toEqual([]);
  });

  it('answers 404 term-not-found for an unknown category or tag', async () => {
    await expect(calendar.anonymous.categories.get(5)).rejects.toMatchObject({
      code: 'term-not-found',
    });
    await expect(calendar.editor.tags.update(99, { name: 'x' })).rejects.toMatchObject({
      status: 404,
      code: 'term-not-found',
    });
  });
});
