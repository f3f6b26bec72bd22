import {
  CategoryList,
  CategoryListQuery,
  CreateCategoryBody,
  CreateEventBody,
  CreateOrganizerBody,
  CreateTagBody,
  CreateVenueBody,
  Event,
  EventList,
  EventListQuery,
  IndexQuery,
  LinkedRecordListQuery,
  NamespaceIndex,
  OpenApiDocument,
  Organizer,
  OrganizerList,
  PasswordQuery,
  TagList,
  TagListQuery,
  Term,
  UpdateCategoryBody,
  UpdateEventBody,
  UpdateOrganizerBody,
  UpdateTagBody,
  UpdateVenueBody,
  Venue,
  VenueList,
} from '@clientkit/calendar-client/schemas';
import type { $ZodType } from 'zod/v4/core';

export type CalendarMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One operation of the interface: the routes, the namespace index and the OpenAPI document are
 * all generated from this table, so none of them can list a route the others lack.
 */
export interface CalendarOperation {
  /** The handler, named after the client method that calls it. */
  id: string;
  methods: CalendarMethod[];
  /** Relative to the namespace; `{id}` is digits, `{slug}` any text. */
  path: string;
  summary: string;
  query?: $ZodType | undefined;
  body?: $ZodType | undefined;
  response: $ZodType;
  /** 201 for creates, otherwise 200. */
  status: 200 | 201;
  /** Needs an editor (anyone may call the others; unpublished records need an editor too). */
  writes: boolean;
}

/** A read: anyone may call it (unpublished records still need an editor). */
function read(
  id: string,
  path: string,
  summary: string,
  response: $ZodType,
  query?: $ZodType,
): CalendarOperation {
  return { id, methods: ['GET'], path, summary, response, status: 200, writes: false, query };
}

/** A write: POST creates (201); POST, PUT and PATCH on a record update it; DELETE removes it. */
function write(
  id: string,
  kind: 'create' | 'update' | 'delete',
  path: string,
  summary: string,
  response: $ZodType,
  request: { body?: $ZodType; query?: $ZodType } = {},
): CalendarOperation {
  const methods: CalendarMethod[] =
    kind === 'create' ? ['POST'] : kind === 'update' ? ['POST', 'PUT', 'PATCH'] : ['DELETE'];
  const status = kind === 'create' ? 201 : 200;
  return { id, methods, path, summary, response, status, writes: true, ...request };
}

function postOperations(
  plural: 'events' | 'venues' | 'organizers',
  noun: string,
  schemas: {
    item: $ZodType;
    list: $ZodType;
    filters: $ZodType;
    create: $ZodType;
    update: $ZodType;
  },
  password?: $ZodType,
): CalendarOperation[] {
  const { item } = schemas;
  const byId = `/${plural}/{id}`;
  const bySlug = `/${plural}/by-slug/{slug}`;
  return [
    read(`${plural}.list`, `/${plural}`, `List ${plural}`, schemas.list, schemas.filters),
    write(`${plural}.create`, 'create', `/${plural}`, `Create ${noun}`, item, {
      body: schemas.create,
    }),
    read(`${plural}.get`, byId, `Read ${noun} by id`, item, password),
    write(`${plural}.update`, 'update', byId, `Update ${noun} by id`, item, {
      body: schemas.update,
      query: password,
    }),
    write(`${plural}.delete`, 'delete', byId, `Move ${noun} to the trash by id`, item, {
      query: password,
    }),
    read(`${plural}.getBySlug`, bySlug, `Read ${noun} by slug`, item, password),
    write(`${plural}.updateBySlug`, 'update', bySlug, `Update ${noun} by slug`, item, {
      body: schemas.update,
    }),
    write(`${plural}.deleteBySlug`, 'delete', bySlug, `Move ${noun} to the trash by slug`, item),
  ];
}

function termOperations(
  plural: 'categories' | 'tags',
  noun: string,
  schemas: { list: $ZodType; filters: $ZodType; create: $ZodType; update: $ZodType },
): CalendarOperation[] {
  const byId = `/${plural}/{id}`;
  return [
    read(`${plural}.list`, `/${plural}`, `List ${plural}`, schemas.list, schemas.filters),
    write(`${plural}.create`, 'create', `/${plural}`, `Create ${noun}`, Term, {
      body: schemas.create,
    }),
    read(`${plural}.get`, byId, `Read ${noun}`, Term),
    write(`${plural}.update`, 'update', byId, `Update ${noun}`, Term, { body: schemas.update }),
    write(`${plural}.delete`, 'delete', byId, `Delete ${noun}`, Term),
  ];
}

/** Every operation of the calendar interface, in the order of the specification's table. */
export const calendarOperations: CalendarOperation[] = [
  read('getIndex', '/', 'The namespace index', NamespaceIndex, IndexQuery),
  read('getDoc', '/doc', 'This OpenAPI document', OpenApiDocument),
  ...postOperations(
    'events',
    'an event',
    {
      item: Event,
      list: EventList,
      filters: EventListQuery,
      create: CreateEventBody,
      update: UpdateEventBody,
    },
    PasswordQuery,
  ),
  ...postOperations('venues', 'a venue', {
    item: Venue,
    list: VenueList,
    filters: LinkedRecordListQuery,
    create: CreateVenueBody,
    update: UpdateVenueBody,
  }),
  ...postOperations('organizers', 'an organizer', {
    item: Organizer,
    list: OrganizerList,
    filters: LinkedRecordListQuery,
    create: CreateOrganizerBody,
    update: UpdateOrganizerBody,
  }),
  ...termOperations('categories', 'a category', {
    list: CategoryList,
    filters: CategoryListQuery,
    create: CreateCategoryBody,
    update: UpdateCategoryBody,
  }),
  ...termOperations('tags', 'a tag', {
    list: TagList,
    filters: TagListQuery,
    create: CreateTagBody,
    update: UpdateTagBody,
  }),
];
