import * as requests from '@clientkit/contracts/calendar';
import * as responses from '@clientkit/contracts/calendar/responses';
import {
  type DocumentationOf,
  type InterfaceDescription,
  JsonSchemaWriter,
  jsonSchemaHints,
  type Operation,
  operationsOf,
  type PathParameter,
} from '../../operations';
import { type CalendarAuth, requireEditor, type Viewer } from './auth';
import { checkBody, checkQuery } from './errors';
import { CALENDAR_BASE } from './present';

/** A calendar operation as the server mounts it; the routes, index and document come from it. */
export type CalendarOperation = Operation<requests.CalendarAccess>;

/** The query parameters WordPress fills in when a listing leaves them out. */
const pageDefaults = { page: 1, per_page: requests.DEFAULT_PER_PAGE };

/**
 * What the calendar's document says of each operation beyond the contract, and what the server adds:
 * the defaults WordPress documents, and the fields a create reports together as missing
 * (`rest_missing_callback_param`) before other checks.
 */
const calendarDocumentation: DocumentationOf<typeof requests.calendar> = {
  getIndex: {
    summary: 'The namespace index',
    success: [200],
    errors: [401, 403, 404],
    statuses: { 404: 'Another namespace than this one (rest_invalid_namespace)' },
    defaults: { namespace: requests.NAMESPACE, context: 'view' },
  },
  getDoc: { summary: 'This OpenAPI document', success: [200], errors: [401, 403] },
  'events.list': {
    summary: 'List events',
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'Another status than publish, without credentials (rest_forbidden_status)',
      403: 'Another status than publish, for a user who may only read (rest_forbidden_status)',
      404: 'The page is past the last one (event-archive-page-not-found and the like)',
    },
    defaults: pageDefaults,
  },
  'events.create': {
    summary: 'Create an event',
    success: [201],
    errors: [400, 401, 403],
    statuses: {
      201: 'Created; Location holds its address',
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
    },
    requiredBody: ['title', 'start_date', 'end_date'],
  },
  'events.get': {
    summary: 'Read an event by id',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      403: 'The event needs its password (event-password-protected)',
      404: 'No such event, or not one the caller may see (event-not-found)',
      410: 'The event is in the trash (event-is-in-trash)',
    },
  },
  'events.update': {
    summary: 'Update an event by id',
    success: [200],
    errors: [400, 401, 403, 404, 410],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such event, or not one the caller may see (event-not-found)',
      410: 'The event is in the trash (event-is-in-trash)',
    },
  },
  'events.delete': {
    summary: 'Move an event to the trash by id',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such event, or not one the caller may see (event-not-found)',
      410: 'The event is in the trash (event-is-in-trash)',
    },
  },
  'events.getBySlug': {
    summary: 'Read an event by slug',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      403: 'The event needs its password (event-password-protected)',
      404: 'No such event, or not one the caller may see (event-not-found)',
      410: 'The event is in the trash (event-is-in-trash)',
    },
  },
  'events.updateBySlug': {
    summary: 'Update an event by slug',
    success: [200],
    errors: [400, 401, 403, 404, 410],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such event, or not one the caller may see (event-not-found)',
      410: 'The event is in the trash (event-is-in-trash)',
    },
  },
  'events.deleteBySlug': {
    summary: 'Move an event to the trash by slug',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such event, or not one the caller may see (event-not-found)',
      410: 'The event is in the trash (event-is-in-trash)',
    },
  },
  'venues.list': {
    summary: 'List venues',
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'Another status than publish, without credentials (rest_forbidden_status)',
      403: 'Another status than publish, for a user who may only read (rest_forbidden_status)',
      404: 'The page is past the last one (event-archive-page-not-found and the like)',
    },
    defaults: pageDefaults,
  },
  'venues.create': {
    summary: 'Create a venue',
    success: [201],
    errors: [400, 401, 403],
    statuses: {
      201: 'Created; Location holds its address',
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
    },
    requiredBody: ['venue'],
  },
  'venues.get': {
    summary: 'Read a venue by id',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      404: 'No such venue, or not one the caller may see (venue-not-found)',
      410: 'The venue is in the trash (venue-is-in-trash)',
    },
  },
  'venues.update': {
    summary: 'Update a venue by id',
    success: [200],
    errors: [400, 401, 403, 404, 410],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such venue, or not one the caller may see (venue-not-found)',
      410: 'The venue is in the trash (venue-is-in-trash)',
    },
  },
  'venues.delete': {
    summary: 'Move a venue to the trash by id',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such venue, or not one the caller may see (venue-not-found)',
      410: 'The venue is in the trash (venue-is-in-trash)',
    },
  },
  'venues.getBySlug': {
    summary: 'Read a venue by slug',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      404: 'No such venue, or not one the caller may see (venue-not-found)',
      410: 'The venue is in the trash (venue-is-in-trash)',
    },
  },
  'venues.updateBySlug': {
    summary: 'Update a venue by slug',
    success: [200],
    errors: [400, 401, 403, 404, 410],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such venue, or not one the caller may see (venue-not-found)',
      410: 'The venue is in the trash (venue-is-in-trash)',
    },
  },
  'venues.deleteBySlug': {
    summary: 'Move a venue to the trash by slug',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such venue, or not one the caller may see (venue-not-found)',
      410: 'The venue is in the trash (venue-is-in-trash)',
    },
  },
  'organizers.list': {
    summary: 'List organizers',
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'Another status than publish, without credentials (rest_forbidden_status)',
      403: 'Another status than publish, for a user who may only read (rest_forbidden_status)',
      404: 'The page is past the last one (event-archive-page-not-found and the like)',
    },
    defaults: pageDefaults,
  },
  'organizers.create': {
    summary: 'Create an organizer',
    success: [201],
    errors: [400, 401, 403],
    statuses: {
      201: 'Created; Location holds its address',
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
    },
    requiredBody: ['organizer'],
  },
  'organizers.get': {
    summary: 'Read an organizer by id',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      404: 'No such organizer, or not one the caller may see (organizer-not-found)',
      410: 'The organizer is in the trash (organizer-is-in-trash)',
    },
  },
  'organizers.update': {
    summary: 'Update an organizer by id',
    success: [200],
    errors: [400, 401, 403, 404, 410],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such organizer, or not one the caller may see (organizer-not-found)',
      410: 'The organizer is in the trash (organizer-is-in-trash)',
    },
  },
  'organizers.delete': {
    summary: 'Move an organizer to the trash by id',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such organizer, or not one the caller may see (organizer-not-found)',
      410: 'The organizer is in the trash (organizer-is-in-trash)',
    },
  },
  'organizers.getBySlug': {
    summary: 'Read an organizer by slug',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      404: 'No such organizer, or not one the caller may see (organizer-not-found)',
      410: 'The organizer is in the trash (organizer-is-in-trash)',
    },
  },
  'organizers.updateBySlug': {
    summary: 'Update an organizer by slug',
    success: [200],
    errors: [400, 401, 403, 404, 410],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such organizer, or not one the caller may see (organizer-not-found)',
      410: 'The organizer is in the trash (organizer-is-in-trash)',
    },
  },
  'organizers.deleteBySlug': {
    summary: 'Move an organizer to the trash by slug',
    success: [200],
    errors: [401, 403, 404, 410],
    statuses: {
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such organizer, or not one the caller may see (organizer-not-found)',
      410: 'The organizer is in the trash (organizer-is-in-trash)',
    },
  },
  'categories.list': {
    summary: 'List categories',
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      404: 'The page is past the last one (event-archive-page-not-found and the like)',
    },
    defaults: pageDefaults,
  },
  'categories.create': {
    summary: 'Create a category',
    success: [201],
    errors: [400, 401, 403],
    statuses: {
      201: 'Created; Location holds its address',
      400: 'A parameter is invalid, or the name or slug is taken (term_exists, duplicate_term_slug)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
    },
    requiredBody: ['name'],
  },
  'categories.get': {
    summary: 'Read a category',
    success: [200],
    errors: [401, 403, 404],
    statuses: { 404: 'No such term (term-not-found)' },
  },
  'categories.update': {
    summary: 'Update a category',
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: {
      400: 'A parameter is invalid, or the name or slug is taken (term_exists, duplicate_term_slug)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such term (term-not-found)',
    },
  },
  'categories.delete': {
    summary: 'Delete a category',
    success: [200],
    errors: [401, 403, 404],
    statuses: {
      200: 'Deleted for good; the answer is the category as it was',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such term (term-not-found)',
    },
  },
  'tags.list': {
    summary: 'List tags',
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: {
      400: 'A parameter is missing or invalid (rest_invalid_param)',
      404: 'The page is past the last one (event-archive-page-not-found and the like)',
    },
    defaults: pageDefaults,
  },
  'tags.create': {
    summary: 'Create a tag',
    success: [201],
    errors: [400, 401, 403],
    statuses: {
      201: 'Created; Location holds its address',
      400: 'A parameter is invalid, or the name or slug is taken (term_exists, duplicate_term_slug)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
    },
    requiredBody: ['name'],
  },
  'tags.get': {
    summary: 'Read a tag',
    success: [200],
    errors: [401, 403, 404],
    statuses: { 404: 'No such term (term-not-found)' },
  },
  'tags.update': {
    summary: 'Update a tag',
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: {
      400: 'A parameter is invalid, or the name or slug is taken (term_exists, duplicate_term_slug)',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such term (term-not-found)',
    },
  },
  'tags.delete': {
    summary: 'Delete a tag',
    success: [200],
    errors: [401, 403, 404],
    statuses: {
      200: 'Deleted for good; the answer is the tag as it was',
      401: 'No credentials (rest_forbidden)',
      403: 'The credentials may not write (rest_forbidden)',
      404: 'No such term (term-not-found)',
    },
  },
};

/** The contract's operations as the server mounts them; the routes, index and document come from them. */
export const calendarOperations: CalendarOperation[] = operationsOf(
  requests.calendar,
  requests.calendarAccess,
  responses,
  calendarDocumentation,
);

const dateTimeDescription = 'Y-m-d H:i:s (site or event time zone), ISO 8601, or a Unix timestamp';

// The rule of date-time text is a refinement JSON Schema cannot state: the document says it.
jsonSchemaHints.set(requests.DateTimeText, {
  type: 'string',
  description: dateTimeDescription,
  examples: ['2026-07-01 19:30:00', '2026-07-01T19:30:00-04:00', '1782948600'],
});

// Fields of several forms are one custom check each (so that the message names every form): the
// document states the forms.
jsonSchemaHints.set(requests.Cost, {
  anyOf: [{ type: 'string', maxLength: requests.MAX_SHORT_TEXT_LENGTH }, { type: 'number' }],
});
jsonSchemaHints.set(requests.MapFlag, {
  anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false', '1', '0'] }],
});
// Ids, page numbers and page sizes are one custom check each, so that every wrong value of one
// reads the same: the document states their range.
const wholeNumbersFrom = (minimum: number) => ({
  type: 'integer',
  minimum,
  maximum: Number.MAX_SAFE_INTEGER,
});
jsonSchemaHints.set(requests.Id, wholeNumbersFrom(1));
jsonSchemaHints.set(requests.PerPage, wholeNumbersFrom(1));
jsonSchemaHints.set(requests.ParentId, wholeNumbersFrom(0));
const stringOrEmpty = { anyOf: [{ type: 'string', enum: [''] }, { type: 'string' }] };
jsonSchemaHints.set(requests.WebsiteOrEmpty, stringOrEmpty);
jsonSchemaHints.set(requests.EmailOrEmpty, stringOrEmpty);

/** The JSON Schema writer of the calendar: its custom checks, `false` and `[]`, it knows. */
export const calendarSchemaWriter = new JsonSchemaWriter();

/** `{id}` is digits only, so `/events/abc` is an unknown route, as in WordPress. */
export const calendarPathParameters: Record<string, PathParameter> = {
  id: { schema: { type: 'integer', minimum: 1 }, pattern: '[0-9]+' },
  slug: { schema: { type: 'string', minLength: 1 } },
};

const credentials = [{ basicAuth: [] }, { nonce: [] }];

/** The calendar as the shared operation module sees it: its table, auth, checks and document. */
export function calendarDescription(
  auth: CalendarAuth,
): InterfaceDescription<requests.CalendarAccess, Viewer> {
  return {
    title: 'Events calendar REST API',
    version: requests.NAMESPACE.split('/').pop()!,
    description:
      'Events, venues, organizers, categories and tags. Reads of published records are public; ' +
      'writes need an editor, through an application password (HTTP Basic) or a REST nonce. ' +
      'Write bodies are JSON or form-encoded, as WordPress reads them.',
    tags: {
      calendar: 'The namespace: its index of routes and this document',
      events: 'Events, by id or slug, with their venues, organizers, categories and tags',
      venues: 'Venues, by id or slug',
      organizers: 'Organizers, by id or slug',
      categories: 'Event categories (a hierarchical taxonomy)',
      tags: 'Tags (a flat taxonomy shared with posts)',
    },
    base: CALENDAR_BASE,
    operations: calendarOperations,
    pathParameters: calendarPathParameters,
    components: {
      responses: {
        Event: responses.Event,
        Venue: responses.Venue,
        Organizer: responses.Organizer,
        Term: responses.Term,
        EventList: responses.EventList,
        VenueList: responses.VenueList,
        OrganizerList: responses.OrganizerList,
        CategoryList: responses.CategoryList,
        TagList: responses.TagList,
        NamespaceIndex: responses.NamespaceIndex,
        OpenApiDocument: responses.OpenApiDocument,
        CalendarErrorBody: responses.CalendarErrorBody,
      },
      requests: {
        CreateEventBody: requests.CreateEventBody,
        UpdateEventBody: requests.UpdateEventBody,
        CreateVenueBody: requests.CreateVenueBody,
        UpdateVenueBody: requests.UpdateVenueBody,
        CreateOrganizerBody: requests.CreateOrganizerBody,
        UpdateOrganizerBody: requests.UpdateOrganizerBody,
        CreateCategoryBody: requests.CreateCategoryBody,
        UpdateCategoryBody: requests.UpdateCategoryBody,
        CreateTagBody: requests.CreateTagBody,
        UpdateTagBody: requests.UpdateTagBody,
      },
    },
    errorBody: responses.CalendarErrorBody,
    securitySchemes: {
      basicAuth: {
        type: 'http',
        scheme: 'basic',
        description: 'User name and application password',
      },
      nonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce' },
    },
    // Reads work without credentials (the empty requirement) but show more to an editor.
    security: (access) => (access === 'editor' ? credentials : [{}, ...credentials]),
    authorize(c, operation) {
      const viewer = auth.viewerOf(c);
      if (operation.auth === 'editor') requireEditor(viewer);
      return viewer;
    },
    checks: {
      query: checkQuery,
      body: checkBody,
      bodyTypes: ['application/json', 'application/x-www-form-urlencoded'],
      dropsUnknownBodyFields: true,
    },
  };
}
