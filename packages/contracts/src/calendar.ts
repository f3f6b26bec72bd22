/**
 * The contract of the events calendar interface: its operations (method, path, the schemas of
 * path, query, body and answer, how lists page), who may call each (`calendarAccess`), the schemas
 * of its requests, and the date-time forms it reads. The calendar client binds its methods to it and the reference server
 * mounts its handlers on it. The response schemas themselves are in
 * `@clientkit/contracts/calendar/responses`.
 *
 * @module
 */

export { type CalendarAccess, calendarAccess } from './calendar/access';
export {
  type DateTimeReading,
  isDateTimeText,
  isTimeZone,
  type LocalDateTime,
  readDateTime,
  utcMsOf,
} from './calendar/date-time';
export { calendar } from './calendar/operations';
export * from './calendar/request-schemas';
export type {
  CalendarErrorBody,
  CategoryList,
  CostDetails,
  DateDetails,
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
} from './calendar/response-schemas';
