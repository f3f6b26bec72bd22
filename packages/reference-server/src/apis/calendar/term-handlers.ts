import type {
  CategoryListQuery,
  CreateCategoryBody,
  TermOrderBy,
  UpdateCategoryBody,
} from '@clientkit/contracts/calendar';
import type { Context } from 'hono';
import type { output } from 'zod/v4/core';
import { ApiProblem } from '../../problem';
import type { Viewer } from './auth';
import { invalidParams } from './errors';
import { type CalendarDeps, type HandlersNamed, presentContextOf } from './handler-context';
import { listResponse, pageOf } from './listing';
import { presentTerm } from './present';
import type { StoredTerm } from './state';
import { isVisible, slugify, type Taxonomy } from './store';

/** A term listing's filters: those of categories, which tags share but for `parent`. */
type TermQuery = output<typeof CategoryListQuery>;
/** A term's fields as a create gives them. */
type TermCreate = output<typeof CreateCategoryBody>;
/** A term's fields as an update gives them. */
type TermWrite = output<typeof UpdateCategoryBody>;

const nouns: Record<Taxonomy, string> = { categories: 'category', tags: 'tag' };

function compareBy(
  orderby: TermOrderBy,
  include: number[] | undefined,
  count: (t: StoredTerm) => number,
) {
  const position = (term: StoredTerm) => include?.indexOf(term.id) ?? term.id;
  const keys: Record<TermOrderBy, (a: StoredTerm, b: StoredTerm) => number> = {
    id: (a, b) => a.id - b.id,
    include: (a, b) => position(a) - position(b),
    name: (a, b) => a.name.localeCompare(b.name),
    slug: (a, b) => a.slug.localeCompare(b.slug),
    description: (a, b) => a.description.localeCompare(b.description),
    count: (a, b) => count(a) - count(b),
  };
  return (a: StoredTerm, b: StoredTerm) => keys[orderby](a, b) || a.id - b.id;
}

/** The handlers of `/categories` or `/tags`: list, create, and read, change and delete by id. */
export function termHandlers(deps: CalendarDeps, taxonomy: Taxonomy) {
  const { store } = deps;
  const noun = nouns[taxonomy];
  const terms = () => store.state[taxonomy];
  const answer = (c: Context, viewer: Viewer, term: StoredTerm, status: 200 | 201 = 200) =>
    c.json(presentTerm(taxonomy, term, presentContextOf(c, viewer, deps)), status);

  const locate = (c: Context): StoredTerm => {
    const id = Number(c.req.param('id'));
    const term = store.term(taxonomy, id);
    if (!term) throw new ApiProblem(404, `No ${noun} with id ${id}`, 'term-not-found');
    return term;
  };

  /** The terms of one event, which the viewer must be able to see. */
  const termsOfEvent = (query: TermQuery, viewer: Viewer): number[] | undefined => {
    const eventId = query.post ?? query.event;
    if (eventId === undefined) return undefined;
    const event = store.event(eventId);
    if (!event || event.status === 'trash' || !isVisible(event, viewer)) {
      throw invalidParams({
        [query.post === undefined ? 'event' : 'post']: `has no event with id ${eventId}`,
      });
    }
    return event[taxonomy];
  };

  /** Checks a name, slug and parent, and answers the slug to store. */
  const checkWrite = (existing: StoredTerm | undefined, input: TermWrite): string => {
    const id = existing?.id ?? 0;
    const name = input.name ?? existing?.name ?? '';
    const parent = input.parent ?? existing?.parent ?? 0;
    if (taxonomy === 'categories' && parent !== 0) {
      if (!store.term(taxonomy, parent)) {
        throw invalidParams({ parent: `has no category with id ${parent}` });
      }
      if (existing && descends(parent, existing.id)) {
        throw invalidParams({
          parent: 'must not be the category itself or one of its descendants',
        });
      }
    }
    const twin = terms().find(
      (term) =>
        term.id !== id && term.parent === parent && term.name.toLowerCase() === name.toLowerCase(),
    );
    if (twin) {
      throw new ApiProblem(400, `A ${noun} named "${name}" already exists here`, 'term_exists', {
        details: { term_id: twin.id },
      });
    }
    if (input.slug === undefined) {
      return (
        existing?.slug ??
        store.uniqueTermSlug(taxonomy, slugify(name) || `${noun}-${store.nextTermId()}`, id)
      );
    }
    const slug = slugify(input.slug);
    if (slug === '') throw invalidParams({ slug: 'must contain a letter or a digit' });
    if (store.termSlugTaken(taxonomy, slug, id)) {
      throw new ApiProblem(
        400,
        `The slug "${slug}" is taken by another ${noun}`,
        'duplicate_term_slug',
      );
    }
    return slug;
  };

  /** True when `candidate` is `ancestor` or lies below it. */
  const descends = (candidate: number, ancestor: number): boolean => {
    for (let id = candidate, guard = 0; id !== 0 && guard <= terms().length; guard++) {
      if (id === ancestor) return true;
      id = store.term(taxonomy, id)?.parent ?? 0;
    }
    return false;
  };

  const list = (c: Context, viewer: Viewer, { query }: { query: TermQuery }) => {
    const ofEvent = termsOfEvent(query, viewer);
    const count = (term: StoredTerm) => store.termCount(taxonomy, term.id);
    const keep: ((term: StoredTerm) => boolean)[] = [];
    const { search, include, exclude, parent, slug } = query;
    if (search !== undefined && search !== '') {
      const needle = search.toLowerCase();
      keep.push((term) => term.name.toLowerCase().includes(needle) || term.slug.includes(needle));
    }
    if (include !== undefined) keep.push((term) => include.includes(term.id));
    if (exclude !== undefined) keep.push((term) => !exclude.includes(term.id));
    if (parent !== undefined) keep.push((term) => term.parent === parent);
    if (slug !== undefined) keep.push((term) => term.slug === slug);
    if (ofEvent !== undefined) keep.push((term) => ofEvent.includes(term.id));
    if (query.hide_empty ?? true) keep.push((term) => count(term) > 0);
    const matches = terms()
      .filter((term) => keep.every((test) => test(term)))
      .sort(compareBy(query.orderby ?? 'name', include, count));
    if (query.order === 'desc') matches.reverse();
    const page = pageOf(taxonomy, matches, query);
    const context = presentContextOf(c, viewer, deps);
    return listResponse(
      c,
      taxonomy,
      page.items.map((term) => presentTerm(taxonomy, term, context)),
      page,
    );
  };

  const create = (c: Context, viewer: Viewer, { body: input }: { body: TermCreate }) => {
    const slug = checkWrite(undefined, input);
    const term: StoredTerm = {
      id: store.nextTermId(),
      name: input.name,
      slug,
      description: input.description ?? '',
      parent: input.parent ?? 0,
    };
    terms().push(term);
    const presented = presentTerm(taxonomy, term, presentContextOf(c, viewer, deps));
    c.header('Location', presented.urls.self);
    return c.json(presented, 201);
  };

  const get = (c: Context, viewer: Viewer) => answer(c, viewer, locate(c));

  const update = (c: Context, viewer: Viewer, { body: input }: { body: TermWrite }) => {
    const term = locate(c);
    const slug = checkWrite(term, input);
    Object.assign(term, {
      name: input.name ?? term.name,
      slug,
      description: input.description ?? term.description,
      parent: input.parent ?? term.parent,
    });
    return answer(c, viewer, term);
  };

  /** Deletes for good: events lose the term and children move up to the deleted term's parent. */
  const remove = (c: Context, viewer: Viewer) => {
    const term = locate(c);
    const presented = presentTerm(taxonomy, term, presentContextOf(c, viewer, deps));
    store.state[taxonomy] = terms().filter((candidate) => candidate.id !== term.id);
    for (const child of terms()) if (child.parent === term.id) child.parent = term.parent;
    for (const event of store.state.events) {
      event[taxonomy] = event[taxonomy].filter((id) => id !== term.id);
    }
    return c.json(presented);
  };

  return { list, create, get, update, remove };
}

export function categoryHandlers(deps: CalendarDeps): HandlersNamed<'categories'> {
  const handlers = termHandlers(deps, 'categories');
  return {
    'categories.list': handlers.list,
    'categories.create': handlers.create,
    'categories.get': handlers.get,
    'categories.update': handlers.update,
    'categories.delete': handlers.remove,
  };
}

export function tagHandlers(deps: CalendarDeps): HandlersNamed<'tags'> {
  const handlers = termHandlers(deps, 'tags');
  return {
    'tags.list': handlers.list,
    'tags.create': handlers.create,
    'tags.get': handlers.get,
    'tags.update': handlers.update,
    'tags.delete': handlers.remove,
  };
}
