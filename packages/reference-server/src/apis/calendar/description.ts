import * as requests from '@clientkit/contracts/calendar';
import * as responses from '@clientkit/contracts/calendar/responses';
import {
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
 * The contract's operations, with what the server adds: the defaults WordPress documents, and the
 * fields a create reports together as missing (`rest_missing_callback_param`) before other checks.
 */
export const calendarOperations: CalendarOperation[] = operationsOf(requests.calendar, responses, {
  getIndex: { defaults: { namespace: requests.NAMESPACE, context: 'view' } },
  'events.list': { defaults: pageDefaults },
  'events.create': { requiredBody: ['title', 'start_date', 'end_date'] },
  'venues.list': { defaults: pageDefaults },
  'venues.create': { requiredBody: ['venue'] },
  'organizers.list': { defaults: pageDefaults },
  'organizers.create': { requiredBody: ['organizer'] },
  'categories.list': { defaults: pageDefaults },
  'categories.create': { requiredBody: ['name'] },
  'tags.list': { defaults: pageDefaults },
  'tags.create': { requiredBody: ['name'] },
});

const dateTimeDescription = 'Y-m-d H:i:s (site or event time zone), ISO 8601, or a Unix timestamp';

// The rule of date-time text is a refinement JSON Schema cannot state: the document says it.
jsonSchemaHints.set(requests.DateTimeText, { type: 'string', description: dateTimeDescription });

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
    },
  };
}
