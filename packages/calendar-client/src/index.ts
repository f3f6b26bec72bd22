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

export type {
  CalendarErrorBody,
  CategoryList,
  CostDetails,
  DateDetails,
  Event,
  EventList,
  Image,
  IndexQuery,
  NamespaceIndex,
  OpenApiDocument,
  Organizer,
  OrganizerList,
  PasswordQuery,
  PublicationStatus,
  TagList,
  Term,
  TermOrderBy,
  Venue,
  VenueList,
  WritableStatus,
} from '@clientkit/contracts/calendar';
export { DEFAULT_PER_PAGE, MAX_PER_PAGE, NAMESPACE } from '@clientkit/contracts/calendar';
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
  type ListEnvelope,
} from './client';
export { type DateTimeInput, formatDateForWire } from './dates';
export type {
  Categories,
  CategoryChanges,
  CategoryFilters,
  CategoryInput,
} from './resources/categories';
export type { EventChanges, EventFilters, EventInput, Events } from './resources/events';
export type {
  OrganizerChanges,
  OrganizerFilters,
  OrganizerInput,
  Organizers,
} from './resources/organizers';
export type { TagChanges, TagFilters, TagInput, Tags } from './resources/tags';
export type {
  VenueChanges,
  VenueFilters,
  VenueInput,
  Venues,
} from './resources/venues';
