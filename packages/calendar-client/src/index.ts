/**
 * The events calendar client (`CalendarClient`), its auth helpers, errors and the types of records
 * and filters. The zod schemas themselves are in `@clientkit/calendar-client/schemas`.
 *
 * @module
 */
export {
  APIConnectionError,
  APIError,
  APIPromise,
  APIResponseValidationError,
  APITimeoutError,
  APIUserAbortError,
  type Auth,
  AuthenticationError,
  BadRequestError,
  ClientKitError,
  type ClientOptions,
  ConflictError,
  GoneError,
  type HttpMethod,
  InternalServerError,
  NotFoundError,
  Page,
  PagePromise,
  PermissionDeniedError,
  RateLimitError,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  UnprocessableEntityError,
  type WithResponse,
} from '@clientkit/core';
export { basicAuth, nonceAuth } from './auth';
export {
  CalendarClient,
  type CalendarClientOptions,
  type CalendarListParams,
  DEFAULT_REST_PATH,
} from './client';
export type { Categories } from './resources/categories';
export type { Events } from './resources/events';
export type { Organizers } from './resources/organizers';
export type { Tags } from './resources/tags';
export type { Venues } from './resources/venues';
export {
  type CalendarErrorBody,
  type CategoryChanges,
  type CategoryFilters,
  type CategoryInput,
  type CategoryList,
  type DateTimeInput,
  DEFAULT_PER_PAGE,
  type Event,
  type EventChanges,
  type EventFilters,
  type EventInput,
  type EventList,
  type Image,
  MAX_PER_PAGE,
  NAMESPACE,
  type NamespaceIndex,
  type OpenApiDocument,
  type Organizer,
  type OrganizerChanges,
  type OrganizerFilters,
  type OrganizerInput,
  type OrganizerList,
  type PasswordQuery,
  type PublicationStatus,
  type TagChanges,
  type TagFilters,
  type TagInput,
  type TagList,
  type Term,
  type TermOrderBy,
  type Venue,
  type VenueChanges,
  type VenueFilters,
  type VenueInput,
  type VenueList,
  type WritableStatus,
} from './schemas';
