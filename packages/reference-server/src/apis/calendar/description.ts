import {
  CalendarErrorBody,
  CategoryList,
  CreateCategoryBody,
  CreateEventBody,
  CreateOrganizerBody,
  CreateTagBody,
  CreateVenueBody,
  Event,
  EventList,
  NAMESPACE,
  NamespaceIndex,
  OpenApiDocument,
  Organizer,
  OrganizerList,
  TagList,
  Term,
  UpdateCategoryBody,
  UpdateEventBody,
  UpdateOrganizerBody,
  UpdateTagBody,
  UpdateVenueBody,
  Venue,
  VenueList,
} from '@clientkit/calendar-client/schemas';
import { type InterfaceDescription, JsonSchemaWriter, type PathParameter } from '../../operations';
import { type CalendarAuth, requireEditor, type Viewer } from './auth';
import { checkBody, checkQuery } from './errors';
import { type CalendarAccess, calendarOperations } from './operations';
import { CALENDAR_BASE } from './present';

const dateTimeDescription = 'Y-m-d H:i:s (site or event time zone), ISO 8601, or a Unix timestamp';

/**
 * The calendar's custom checks other than the core's are `false` (no image), `[]` (no venue) and
 * date-time inputs; the first two the writer knows, the last are text. A Date given to the client
 * goes out as text, so a date-time input is documented as text.
 */
export const calendarSchemaWriter = new JsonSchemaWriter({
  type: 'string',
  description: dateTimeDescription,
});

/** `{id}` is digits only, so `/events/abc` is an unknown route, as in WordPress. */
export const calendarPathParameters: Record<string, PathParameter> = {
  id: { schema: { type: 'integer', minimum: 1 }, pattern: '[0-9]+' },
  slug: { schema: { type: 'string', minLength: 1 } },
};

const credentials = [{ basicAuth: [] }, { nonce: [] }];

/** The calendar as the shared operation module sees it: its table, auth, checks and document. */
export function calendarDescription(
  auth: CalendarAuth,
): InterfaceDescription<CalendarAccess, Viewer> {
  return {
    title: 'Events calendar REST API',
    version: NAMESPACE.split('/').pop()!,
    description:
      'Events, venues, organizers, categories and tags. Reads of published records are public; ' +
      'writes need an editor, through an application password (HTTP Basic) or a REST nonce. ' +
      'Write bodies are JSON or form-encoded, as WordPress reads them.',
    base: CALENDAR_BASE,
    operations: calendarOperations,
    pathParameters: calendarPathParameters,
    components: {
      responses: {
        Event,
        Venue,
        Organizer,
        Term,
        EventList,
        VenueList,
        OrganizerList,
        CategoryList,
        TagList,
        NamespaceIndex,
        OpenApiDocument,
        CalendarErrorBody,
      },
      requests: {
        CreateEventBody,
        UpdateEventBody,
        CreateVenueBody,
        UpdateVenueBody,
        CreateOrganizerBody,
        UpdateOrganizerBody,
        CreateCategoryBody,
        UpdateCategoryBody,
        CreateTagBody,
        UpdateTagBody,
      },
    },
    errorBody: CalendarErrorBody,
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
