import {
  CategoryList,
  CategoryListQuery,
  CreateCategoryBody,
  CreateEventBody,
  CreateOrganizerBody,
  CreateTagBody,
  CreateVenueBody,
  DEFAULT_PER_PAGE,
  Event,
  EventList,
  EventListQuery,
  IndexQuery,
  LinkedRecordListQuery,
  NAMESPACE,
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
import type { Operation } from '../../operations';

/** Who may call a calendar operation: anyone (unpublished records still need an editor), or editors. */
export type CalendarAccess = 'anyone' | 'editor';

/** One operation of the calendar: the routes, the namespace index and the document come from it. */
export type CalendarOperation = Operation<CalendarAccess>;

/** The query parameters WordPress fills in when a listing leaves them out. */
const pageDefaults = { page: 1, per_page: DEFAULT_PER_PAGE };

/** A read: anyone may call it (unpublished records still need an editor). */
function read(
  id: string,
  path: string,
  summary: string,
  response: $ZodType,
  query?: $ZodType,
  defaults?: Record<string, unknown>,
): CalendarOperation {
  return {
    id,
    methods: ['GET'],
    path,
    summary,
    auth: 'anyone',
    query,
    defaults,
    response,
    success: { 200: 'OK' },
  };
}

/** A write: POST creates (201); POST, PUT and PATCH on a record update it; DELETE removes it. */
function write(
  id: string,
  kind: 'create' | 'update' | 'delete',
  path: string,
  summary: string,
  response: $ZodType,
  request: { body?: $ZodType; query?: $ZodType; requiredBody?: readonly string[] } = {},
): CalendarOperation {
  const methods: CalendarOperation['methods'] =
    kind === 'create' ? ['POST'] : kind === 'update' ? ['POST', 'PUT', 'PATCH'] : ['DELETE'];
  const success: Record<number, string> = kind === 'create' ? { 201: 'Created' } : { 200: 'OK' };
  return { id, methods, path, summary, auth: 'editor', response, success, ...request };
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
    /** The fields a create must send. */
    required: readonly string[];
  },
  password?: $ZodType,
): CalendarOperation[] {
  const { item } = schemas;
  const byId = `/${plural}/{id}`;
  const bySlug = `/${plural}/by-slug/{slug}`;
  return [
    read(
      `${plural}.list`,
      `/${plural}`,
      `List ${plural}`,
      schemas.list,
      schemas.filters,
      pageDefaults,
    ),
    write(`${plural}.create`, 'create', `/${plural}`, `Create ${noun}`, item, {
      body: schemas.create,
      requiredBody: schemas.required,
    }),
    read(`${plural}.get`, byId, `Read ${noun} by id`, item, password),
    write(`${plural}.update`, 'update', byId, `Update ${noun} by id`, item, {
      body: schemas.update,
      ...(password ? { query: password } : {}),
    }),
    write(`${plural}.delete`, 'delete', byId, `Move ${noun} to the trash by id`, item, {
      ...(password ? { query: password } : {}),
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
    read(
      `${plural}.list`,
      `/${plural}`,
      `List ${plural}`,
      schemas.list,
      schemas.filters,
      pageDefaults,
    ),
    write(`${plural}.create`, 'create', `/${plural}`, `Create ${noun}`, Term, {
      body: schemas.create,
      requiredBody: ['name'],
    }),
    read(`${plural}.get`, byId, `Read ${noun}`, Term),
    write(`${plural}.update`, 'update', byId, `Update ${noun}`, Term, { body: schemas.update }),
    write(`${plural}.delete`, 'delete', byId, `Delete ${noun}`, Term),
  ];
}

/** Every operation of the calendar interface, in the order of the specification's table. */
export const calendarOperations: CalendarOperation[] = [
  read('getIndex', '/', 'The namespace index', NamespaceIndex, IndexQuery, {
    namespace: NAMESPACE,
    context: 'view',
  }),
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
      required: ['title', 'start_date', 'end_date'],
    },
    PasswordQuery,
  ),
  ...postOperations('venues', 'a venue', {
    item: Venue,
    list: VenueList,
    filters: LinkedRecordListQuery,
    create: CreateVenueBody,
    update: UpdateVenueBody,
    required: ['venue'],
  }),
  ...postOperations('organizers', 'an organizer', {
    item: Organizer,
    list: OrganizerList,
    filters: LinkedRecordListQuery,
    create: CreateOrganizerBody,
    update: UpdateOrganizerBody,
    required: ['organizer'],
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
