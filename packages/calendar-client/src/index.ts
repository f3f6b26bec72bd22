/**
 * The events calendar client (`CalendarClient`), its auth helpers, errors and the types of records
 * and filters. The zod schemas themselves are in `@clientkit/calendar-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!index.APIConnectionError | APIConnectionError},
 * {@link @clientkit/core!index.APIError | APIError},
 * {@link @clientkit/core!index.APIResponseParseError | APIResponseParseError},
 * {@link @clientkit/core!index.APIResponseValidationError | APIResponseValidationError},
 * {@link @clientkit/core!index.APITimeoutError | APITimeoutError},
 * {@link @clientkit/core!index.APIUserAbortError | APIUserAbortError},
 * {@link @clientkit/core!index.AuthenticationError | AuthenticationError},
 * {@link @clientkit/core!index.BadRequestError | BadRequestError},
 * {@link @clientkit/core!index.ClientKitError | ClientKitError},
 * {@link @clientkit/core!index.ConflictError | ConflictError},
 * {@link @clientkit/core!index.GoneError | GoneError},
 * {@link @clientkit/core!index.InternalServerError | InternalServerError},
 * {@link @clientkit/core!index.NotFoundError | NotFoundError},
 * {@link @clientkit/core!index.PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!index.RateLimit | RateLimit},
 * {@link @clientkit/core!index.RateLimitError | RateLimitError},
 * {@link @clientkit/core!index.RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!index.UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!index.APIPromise | APIPromise}, {@link @clientkit/core!index.Auth | Auth},
 * {@link @clientkit/core!index.ClientOptions | ClientOptions}, {@link @clientkit/core!index.Page | Page},
 * {@link @clientkit/core!index.PagePromise | PagePromise},
 * {@link @clientkit/core!index.RequestOptions | RequestOptions},
 * {@link @clientkit/core!index.WithResponse | WithResponse}.
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
  APIResponseParseError,
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
  type RateLimit,
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
