import { defineContract, pageNumberPages } from '@clientkit/core/contract';
import type { $ZodType } from 'zod/v4/core';
import {
  CategoryListQuery,
  CreateCategoryBody,
  CreateEventBody,
  CreateOrganizerBody,
  CreateTagBody,
  CreateVenueBody,
  EventListQuery,
  IdPath,
  IndexQuery,
  LinkedRecordListQuery,
  NAMESPACE,
  PasswordQuery,
  SlugPath,
  TagListQuery,
  UpdateCategoryBody,
  UpdateEventBody,
  UpdateOrganizerBody,
  UpdateTagBody,
  UpdateVenueBody,
} from './request-schemas';
import {
  CategoryList,
  Event,
  EventList,
  NamespaceIndex,
  OpenApiDocument,
  Organizer,
  OrganizerList,
  TagList,
  Term,
  Venue,
  VenueList,
} from './response-schemas';

/** WordPress takes POST, PUT and PATCH on a record alike; clients send PUT, which may be repeated. */
const UPDATE = { method: 'PUT', also: ['POST', 'PATCH'] } as const;

/** How a route names one record: by `{id}`, or by `by-slug/{slug}` (the `BySlug` operations). */
interface RecordKey {
  readonly suffix: string;
  readonly path: string;
  readonly params: $ZodType;
}
const byId = { suffix: '', path: '/{id}', params: IdPath } as const;
const bySlug = { suffix: 'BySlug', path: '/by-slug/{slug}', params: SlugPath } as const;

/** What some routes of one record take besides the ones of every route (an event's password). */
interface Extra {
  readonly query?: $ZodType;
}

/**
 * The routes of one kind of record under `/{resource}`, which answer with `response`: its listing
 * (paged by page number, its items under the resource's name), its create (201), and reading,
 * changing and deleting one record by a key.
 */
function routes<const Resource extends string, Record extends $ZodType>(
  resource: Resource,
  response: Record,
) {
  const path = `/${resource}` as const;
  return {
    list: <Query extends $ZodType, List extends $ZodType>(query: Query, listResponse: List) =>
      ({
        sdk: `${resource}.list`,
        method: 'GET',
        path,
        query,
        response: listResponse,
        pagination: pageNumberPages(resource),
      }) as const,
    create: <Body extends $ZodType>(body: Body) =>
      ({
        sdk: `${resource}.create`,
        method: 'POST',
        path,
        body,
        response,
      }) as const,
    get: <const Key extends RecordKey, const X extends Extra = {}>(key: Key, extra = {} as X) =>
      ({
        sdk: `${resource}.get${key.suffix}`,
        method: 'GET',
        path: `${path}${key.path}`,
        params: key.params,
        ...extra,
        response,
      }) as const,
    update: <const Key extends RecordKey, Body extends $ZodType, const X extends Extra = {}>(
      key: Key,
      body: Body,
      extra = {} as X,
    ) =>
      ({
        sdk: `${resource}.update${key.suffix}`,
        ...UPDATE,
        path: `${path}${key.path}`,
        params: key.params,
        ...extra,
        body,
        response,
      }) as const,
    delete: <const Key extends RecordKey, const X extends Extra = {}>(key: Key, extra = {} as X) =>
      ({
        sdk: `${resource}.delete${key.suffix}`,
        method: 'DELETE',
        path: `${path}${key.path}`,
        params: key.params,
        ...extra,
        response,
      }) as const,
  };
}

const events = routes('events', Event);
const venues = routes('venues', Venue);
const organizers = routes('organizers', Organizer);
const categories = routes('categories', Term);
const tags = routes('tags', Term);
const password = { query: PasswordQuery } as const;

/**
 * The events calendar interface: each operation keyed by its operationId, in the order of the
 * specification's endpoint table. Paths are relative to the namespace, under the site's REST root
 * (`{api_root}/calendar/events/v1`).
 */
export const calendar = defineContract({
  name: 'calendar',
  base: `/${NAMESPACE}`,
  operations: {
    getIndex: {
      sdk: 'getIndex',
      method: 'GET',
      path: '/',
      query: IndexQuery,
      response: NamespaceIndex,
    },
    getDoc: {
      sdk: 'getDoc',
      method: 'GET',
      path: '/doc',
      response: OpenApiDocument,
    },
    'events.list': events.list(EventListQuery, EventList),
    'events.create': events.create(CreateEventBody),
    'events.get': events.get(byId, password),
    'events.update': events.update(byId, UpdateEventBody, password),
    'events.delete': events.delete(byId, password),
    'events.getBySlug': events.get(bySlug, password),
    'events.updateBySlug': events.update(bySlug, UpdateEventBody),
    'events.deleteBySlug': events.delete(bySlug),
    'venues.list': venues.list(LinkedRecordListQuery, VenueList),
    'venues.create': venues.create(CreateVenueBody),
    'venues.get': venues.get(byId),
    'venues.update': venues.update(byId, UpdateVenueBody),
    'venues.delete': venues.delete(byId),
    'venues.getBySlug': venues.get(bySlug),
    'venues.updateBySlug': venues.update(bySlug, UpdateVenueBody),
    'venues.deleteBySlug': venues.delete(bySlug),
    'organizers.list': organizers.list(LinkedRecordListQuery, OrganizerList),
    'organizers.create': organizers.create(CreateOrganizerBody),
    'organizers.get': organizers.get(byId),
    'organizers.update': organizers.update(byId, UpdateOrganizerBody),
    'organizers.delete': organizers.delete(byId),
    'organizers.getBySlug': organizers.get(bySlug),
    'organizers.updateBySlug': organizers.update(bySlug, UpdateOrganizerBody),
    'organizers.deleteBySlug': organizers.delete(bySlug),
    'categories.list': categories.list(CategoryListQuery, CategoryList),
    'categories.create': categories.create(CreateCategoryBody),
    'categories.get': categories.get(byId),
    'categories.update': categories.update(byId, UpdateCategoryBody),
    'categories.delete': categories.delete(byId),
    'tags.list': tags.list(TagListQuery, TagList),
    'tags.create': tags.create(CreateTagBody),
    'tags.get': tags.get(byId),
    'tags.update': tags.update(byId, UpdateTagBody),
    'tags.delete': tags.delete(byId),
  },
});
