/**
 * The events calendar client (`CalendarClient`), its auth helpers, errors and the types of records
 * and filters. The zod schemas themselves are in `@clientkit/calendar-client/schemas`.
 *
 * Every name of `@clientkit/core`'s public entry is re-exported, and documented there, so that one
 * import is enough: the errors ({@link @clientkit/core!index.APIError | APIError} and its
 * subclasses, {@link @clientkit/core!index.APIConnectionError | APIConnectionError}...),
 * {@link @clientkit/core!index.APIPromise | APIPromise}, {@link @clientkit/core!index.Page | Page}
 * and {@link @clientkit/core!index.PagePromise | PagePromise}, the auth helpers, and the types of
 * the options, hooks, logger and telemetry. Every client re-exports the same names.
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
export * from '@clientkit/core';
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
