/**
 * The records the calendar plugin (The Events Calendar, REST API v1) answers, field by field, as
 * its source builds them (`Tribe__Events__REST__V1__Post_Repository`: get_event_data,
 * get_venue_data, get_organizer_data, prepare_term_data) and its Swagger definitions document them.
 * Where our specification differs, the type below is the specification's and the README says so.
 */

type Check = (value: unknown) => boolean;

const string: Check = (v) => typeof v === 'string';
const number: Check = (v) => typeof v === 'number';
const boolean: Check = (v) => typeof v === 'boolean';
const stringOrNull: Check = (v) => v === null || typeof v === 'string';
const strings: Check = (v) => Array.isArray(v) && v.every(string);
const array: Check = (v) => Array.isArray(v);
const object: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `false` when there is no featured image, else an object with its url. */
const image: Check = (v) => v === false || (object(v) && string((v as { url: unknown }).url));
/** get_date_details: each part of a date as zero-padded text. */
const dateDetails: Check = (v) =>
  object(v) &&
  ['year', 'month', 'day', 'hour', 'minutes', 'seconds'].every((part) =>
    /^\d+$/.test(String((v as Record<string, unknown>)[part])),
  );
const costDetails: Check = (v) =>
  object(v) &&
  string((v as Record<string, unknown>).currency_symbol) &&
  string((v as Record<string, unknown>).currency_position) &&
  strings((v as Record<string, unknown>).values);
/** An event's venue: the venue record, or an empty array when it has none. */
const venueOrNone: Check = (v) => object(v) || (Array.isArray(v) && v.length === 0);

const globalIds = { global_id: string, global_id_lineage: strings };
const postDates = {
  date: string,
  date_utc: string,
  modified: string,
  modified_utc: string,
};

export const pluginRecords = {
  event: {
    id: number,
    ...globalIds,
    author: number,
    ...postDates,
    url: string,
    rest_url: string,
    title: string,
    description: string,
    excerpt: string,
    image,
    all_day: boolean,
    start_date: string,
    start_date_details: dateDetails,
    end_date: string,
    end_date_details: dateDetails,
    utc_start_date: string,
    utc_start_date_details: dateDetails,
    utc_end_date: string,
    utc_end_date_details: dateDetails,
    timezone: string,
    timezone_abbr: string,
    cost: string,
    cost_details: costDetails,
    website: stringOrNull,
    show_map: boolean,
    show_map_link: boolean,
    hide_from_listings: boolean,
    sticky: boolean,
    featured: boolean,
    categories: array,
    tags: array,
    venue: venueOrNone,
    organizer: array,
  },
  venue: {
    id: number,
    ...globalIds,
    author: number,
    ...postDates,
    url: string,
    venue: string,
    description: string,
    excerpt: string,
    image,
    address: stringOrNull,
    city: stringOrNull,
    country: stringOrNull,
    province: stringOrNull,
    state: stringOrNull,
    zip: stringOrNull,
    phone: stringOrNull,
    website: stringOrNull,
    stateprovince: stringOrNull,
    show_map: boolean,
    show_map_link: boolean,
  },
  organizer: {
    id: number,
    ...globalIds,
    author: number,
    ...postDates,
    url: string,
    organizer: string,
    description: string,
    excerpt: string,
    image,
    phone: stringOrNull,
    website: stringOrNull,
    email: stringOrNull,
  },
  term: {
    id: number,
    name: string,
    slug: string,
    taxonomy: string,
    description: string,
    parent: number,
    count: number,
    urls: (v: unknown) =>
      object(v) &&
      string((v as Record<string, unknown>).self) &&
      string((v as Record<string, unknown>).collection),
  },
} satisfies Record<string, Record<string, Check>>;

export type RecordKind = keyof typeof pluginRecords;

/** Each field the plugin answers that the record lacks or holds with another type. */
export function pluginFieldProblems(
  kind: RecordKind,
  record: unknown,
  at: string = kind,
): string[] {
  if (!object(record)) return [`${at} is not an object`];
  const fields = pluginRecords[kind] as Record<string, Check>;
  return Object.entries(fields).flatMap(([name, check]) => {
    const value = (record as Record<string, unknown>)[name];
    if (value === undefined) return [`${at}.${name} is missing`];
    return check(value) ? [] : [`${at}.${name} has the wrong type: ${JSON.stringify(value)}`];
  });
}

/**
 * Every record in an answer, with its kind: a single record, the items of a listing, and the
 * records an event embeds (its terms, venue and organizers).
 */
export function recordsIn(
  body: unknown,
  kind: RecordKind,
): { kind: RecordKind; record: unknown; at: string }[] {
  const found: { kind: RecordKind; record: unknown; at: string }[] = [];
  const visit = (record: unknown, recordKind: RecordKind, at: string) => {
    found.push({ kind: recordKind, record, at });
    if (recordKind !== 'event' || !object(record)) return;
    const event = record as Record<string, unknown>;
    for (const [index, term] of ((event.categories as unknown[]) ?? []).entries())
      visit(term, 'term', `${at}.categories[${index}]`);
    for (const [index, term] of ((event.tags as unknown[]) ?? []).entries())
      visit(term, 'term', `${at}.tags[${index}]`);
    if (object(event.venue)) visit(event.venue, 'venue', `${at}.venue`);
    for (const [index, organizer] of ((event.organizer as unknown[]) ?? []).entries())
      visit(organizer, 'organizer', `${at}.organizer[${index}]`);
  };
  const listKey = { event: 'events', venue: 'venues', organizer: 'organizers', term: undefined }[
    kind
  ];
  const list = object(body) ? (body as Record<string, unknown>)[listKey ?? ''] : undefined;
  const termList = object(body)
    ? ((body as Record<string, unknown>).categories ?? (body as Record<string, unknown>).tags)
    : undefined;
  const items = kind === 'term' ? termList : list;
  if (!Array.isArray(items)) visit(body, kind, kind);
  else for (const [index, item] of items.entries()) visit(item, kind, `${kind}s[${index}]`);
  return found;
}
