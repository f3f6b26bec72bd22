import * as requests from '@clientkit/contracts/calendar';
import * as responses from '@clientkit/contracts/calendar/responses';
import {
  type DocumentationOf,
  type InterfaceDescription,
  JsonSchemaWriter,
  jsonSchemaHints,
  type Operation,
  type OperationDocs,
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

const INVALID = 'A parameter is missing or invalid (rest_invalid_param)';
const PAST_LAST_PAGE = 'The page is past the last one (event-archive-page-not-found and the like)';
const CREATED = 'Created; Location holds its address';
const NO_CREDENTIALS = 'No credentials (rest_forbidden)';
const MAY_NOT_WRITE = 'The credentials may not write (rest_forbidden)';

type Docs = Record<string, OperationDocs>;
type PostTypeOperation = 'list' | 'create' | `${'get' | 'update' | 'delete'}${'' | 'BySlug'}`;
type TaxonomyOperation = 'list' | 'create' | 'get' | 'update' | 'delete';

/** A listing of `plural`, with what its 401 and 403 mean when they say more than usual. */
function listDocs(plural: string, statuses: OperationDocs['statuses'] = {}): OperationDocs {
  return {
    summary: `List ${plural}`,
    success: [200],
    errors: [400, 401, 403, 404],
    statuses: { 400: INVALID, ...statuses, 404: PAST_LAST_PAGE },
    defaults: pageDefaults,
  };
}

/**
 * The eight operations of a post type (events, venues, organizers): a listing, a create, and a read,
 * an update and a move to the trash, each by id and by slug. `article` goes before the singular
 * (`an event`); `read` holds what a read's 403 means (a trashed record among others).
 */
function postTypeDocs<Plural extends string>(
  plural: Plural,
  singular: string,
  article: 'a' | 'an',
  requiredBody: string[],
  read: string,
): Record<`${Plural}.${PostTypeOperation}`, OperationDocs> {
  const one = `${article} ${singular}`;
  const notFound = `No such ${singular}, or not one the caller may see (${singular}-not-found)`;
  const missing = {
    404: notFound,
    410: `The ${singular} is in the trash (${singular}-is-in-trash)`,
  };
  const write = { 401: NO_CREDENTIALS, 403: MAY_NOT_WRITE, ...missing };
  const docs: Docs = {
    [`${plural}.list`]: listDocs(plural, {
      401: 'Another status than publish, without credentials (rest_forbidden_status)',
      403: 'Another status than publish, for a user who may only read (rest_forbidden_status)',
    }),
    [`${plural}.create`]: {
      summary: `Create ${one}`,
      success: [201],
      errors: [400, 401, 403],
      statuses: { 201: CREATED, 400: INVALID, 401: NO_CREDENTIALS, 403: MAY_NOT_WRITE },
      requiredBody,
    },
  };
  for (const [by, suffix] of [
    ['id', ''],
    ['slug', 'BySlug'],
  ]) {
    docs[`${plural}.get${suffix}`] = {
      summary: `Read ${one} by ${by}`,
      success: [200],
      errors: [401, 403, 404],
      statuses: { 403: read, 404: notFound },
    };
    docs[`${plural}.update${suffix}`] = {
      summary: `Update ${one} by ${by}`,
      success: [200],
      errors: [400, 401, 403, 404, 410],
      statuses: { 400: INVALID, ...write },
    };
    docs[`${plural}.delete${suffix}`] = {
      summary: `Move ${one} to the trash by ${by}`,
      success: [200],
      errors: [401, 403, 404, 410],
      statuses: write,
    };
  }
  return docs as Record<`${Plural}.${PostTypeOperation}`, OperationDocs>;
}

/** The five operations of a taxonomy (categories, tags), its terms addressed by id. */
function taxonomyDocs<Plural extends string>(
  plural: Plural,
  singular: string,
): Record<`${Plural}.${TaxonomyOperation}`, OperationDocs> {
  const taken =
    'A parameter is invalid, or the name or slug is taken (term_exists, duplicate_term_slug)';
  const missing = { 404: 'No such term (term-not-found)' };
  const docs: Docs = {
    [`${plural}.list`]: listDocs(plural),
    [`${plural}.create`]: {
      summary: `Create a ${singular}`,
      success: [201],
      errors: [400, 401, 403],
      statuses: { 201: CREATED, 400: taken, 401: NO_CREDENTIALS, 403: MAY_NOT_WRITE },
      requiredBody: ['name'],
    },
    [`${plural}.get`]: {
      summary: `Read a ${singular}`,
      success: [200],
      errors: [401, 403, 404],
      statuses: missing,
    },
    [`${plural}.update`]: {
      summary: `Update a ${singular}`,
      success: [200],
      errors: [400, 401, 403, 404],
      statuses: { 400: taken, 401: NO_CREDENTIALS, 403: MAY_NOT_WRITE, ...missing },
    },
    [`${plural}.delete`]: {
      summary: `Delete a ${singular}`,
      success: [200],
      errors: [401, 403, 404],
      statuses: {
        200: `Deleted for good; the answer is the ${singular} as it was`,
        401: NO_CREDENTIALS,
        403: MAY_NOT_WRITE,
        ...missing,
      },
    },
  };
  return docs as Record<`${Plural}.${TaxonomyOperation}`, OperationDocs>;
}

/**
 * What the calendar's document says of each operation beyond the contract, and what the server adds:
 * the defaults WordPress documents, and the fields a create reports together as missing
 * (`rest_missing_callback_param`) before other checks. The resources of one kind are described alike.
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
  ...postTypeDocs(
    'events',
    'event',
    'an',
    ['title', 'start_date', 'end_date'],
    'The event needs its password (event-password-protected), or is in the trash, which only ' +
      'users who may edit it can read (event-not-accessible)',
  ),
  ...postTypeDocs(
    'venues',
    'venue',
    'a',
    ['venue'],
    'The venue is in the trash and the caller may not edit it (venue-not-accessible)',
  ),
  ...postTypeDocs(
    'organizers',
    'organizer',
    'an',
    ['organizer'],
    'The organizer is in the trash and the caller may not edit it (organizer-not-accessible)',
  ),
  ...taxonomyDocs('categories', 'category'),
  ...taxonomyDocs('tags', 'tag'),
};

/** The contract's operations as the server mounts them; the routes, index and document come from them. */
export const calendarOperations: CalendarOperation[] = operationsOf(
  requests.calendar,
  requests.calendarAccess,
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
