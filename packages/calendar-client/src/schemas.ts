/**
 * The wire contract of the events calendar interface as zod schemas, from
 * `@clientkit/contracts/calendar`. The client checks its inputs with them and the reference server
 * validates requests with the same ones (and generates its OpenAPI document from them). Request
 * schemas are strict: a field they do not know is refused by name rather than dropped
 * (`calendar.request()` sends what they do not know yet). Response schemas type the fields they
 * declare and let the ones the interface adds later through. Dates travel as text: the client turns
 * a `Date` into text (`formatDateForWire`) before checking it.
 *
 * @module
 */
export * from '@clientkit/contracts/calendar';
// Named one by one: the contract's entry exports the same names as types only, and a name two
// `export *` give is ambiguous, where a name exported here is the schema itself.
export {
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
} from '@clientkit/contracts/calendar/responses';
