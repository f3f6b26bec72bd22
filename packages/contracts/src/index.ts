/**
 * Schema builders every interface's contract uses. The contracts themselves are one entry each:
 * `@clientkit/contracts/docs`, `/calendar`, `/metering`, `/mail` and `/idm`, and their response
 * schemas at `/docs/responses` and so on.
 *
 * @module
 */
export {
  emailString,
  httpUrlString,
  integer,
  isoDateTimeString,
  numberBetween,
  record,
  urlString,
} from './common';
