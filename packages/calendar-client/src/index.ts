/**
 * The events calendar client (`CalendarClient`), its auth helpers, errors and the types of records
 * and filters. The zod schemas themselves are in `@clientkit/calendar-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!APIConnectionError | APIConnectionError},
 * {@link @clientkit/core!APIError | APIError},
 * {@link @clientkit/core!APIResponseValidationError | APIResponseValidationError},
 * {@link @clientkit/core!APITimeoutError | APITimeoutError},
 * {@link @clientkit/core!APIUserAbortError | APIUserAbortError},
 * {@link @clientkit/core!AuthenticationError | AuthenticationError},
 * {@link @clientkit/core!BadRequestError | BadRequestError},
 * {@link @clientkit/core!ClientKitError | ClientKitError},
 * {@link @clientkit/core!ConflictError | ConflictError},
 * {@link @clientkit/core!GoneError | GoneError},
 * {@link @clientkit/core!InternalServerError | InternalServerError},
 * {@link @clientkit/core!NotFoundError | NotFoundError},
 * {@link @clientkit/core!PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!RateLimitError | RateLimitError},
 * {@link @clientkit/core!RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!APIPromise | APIPromise}, {@link @clientkit/core!Auth | Auth},
 * {@link @clientkit/core!ClientOptions | ClientOptions}, {@link @clientkit/core!Page | Page},
 * {@link @clientkit/core!PagePromise | PagePromise},
 * {@link @clientkit/core!RequestOptions | RequestOptions},
 * {@link @clientkit/core!WithResponse | WithResponse}.
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
export type { ListEnvelope } from './listing';
export {
  type CategoryChanges,
  type CategoryFilters,
  type CategoryInput,
  type DateTimeInput,
  DEFAULT_PER_PAGE,
  type EventChanges,
  type EventFilters,
  type EventInput,
  MAX_PER_PAGE,
  NAMESPACE,
  type OrganizerChanges,
  type OrganizerFilters,
  type OrganizerInput,
  type PasswordQuery,
  type PublicationStatus,
  type TagChanges,
  type TagFilters,
  type TagInput,
  type TermOrderBy,
  type VenueChanges,
  type VenueFilters,
  type VenueInput,
  type WritableStatus,
} from './request-schemas';
export type { Categories } from './resources/categories';
export type { Events } from './resources/events';
export type { LinkedRecords } from './resources/linked-records';
export type { Organizers } from './resources/organizers';
export type { Tags } from './resources/tags';
export type { Terms } from './resources/terms';
export type { Venues } from './resources/venues';
export type {
  CalendarErrorBody,
  CategoryList,
  Event,
  EventList,
  Image,
  NamespaceIndex,
  OpenApiDocument,
  Organizer,
  OrganizerList,
  TagList,
  Term,
  Venue,
  VenueList,
} from './response-schemas';
