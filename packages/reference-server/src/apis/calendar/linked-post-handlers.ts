import type {
  LinkedRecordListQuery,
  MapFlag,
  UpdateOrganizerBody,
  UpdateVenueBody,
} from '@clientkit/contracts/calendar';
import type { Context } from 'hono';
import type { output } from 'zod/v4/core';
import type { Viewer } from './auth';
import { invalidParams } from './errors';
import {
  type CalendarDeps,
  type HandlersNamed,
  listedStatus,
  locatePost,
  locatePostToRead,
  type PostCodes,
  presentContextOf,
} from './handler-context';
import { listResponse, pageOf } from './listing';
import { type PostFieldsInput, storeUpdate, writePostFields } from './post-writes';
import { eventSpan, type PresentContext, presentOrganizer, presentVenue } from './present';
import type { StoredEvent, StoredOrganizer, StoredVenue } from './state';
import { isVisible } from './store';
import { readableByEditors, type TrashedRead } from './trashed-reads';

type UpdateVenue = output<typeof UpdateVenueBody>;
type UpdateOrganizer = output<typeof UpdateOrganizerBody>;
type ListQuery = output<typeof LinkedRecordListQuery>;
type PostFields = Pick<
  StoredVenue,
  'id' | 'author' | 'status' | 'slug' | 'date_utc' | 'modified_utc'
>;

/** Everything that tells venues and organizers apart on the server. */
interface LinkedKind<T extends StoredVenue | StoredOrganizer, Input> {
  collection: 'venues' | 'organizers';
  codes: PostCodes;
  /** How a read of a record in the trash is answered. */
  readTrashed: TrashedRead;
  /** The field holding the record's name, required on create. */
  nameField: 'venue' | 'organizer';
  nameOf: (record: T) => string;
  nameIn: (input: Input) => string | undefined;
  searchFields: (keyof T)[];
  records: () => T[];
  linkedTo: (event: StoredEvent) => number[];
  build: (existing: T | undefined, input: Input, post: PostFields) => T;
  present: (record: T, context: PresentContext) => { rest_url: string };
}

/** Map flags arrive as booleans or as the text WordPress uses; `null` restores the default (shown). */
function flagOf(given: MapFlag | null | undefined, stored: boolean | undefined): boolean {
  if (given === undefined) return stored ?? true;
  if (given === null) return true;
  return given === true || given === 'true' || given === '1';
}

function textOf(given: string | null | undefined, stored: string | null | undefined) {
  return given === undefined ? (stored ?? null) : given;
}

function venueFrom(
  existing: StoredVenue | undefined,
  input: UpdateVenue,
  post: PostFields,
): StoredVenue {
  const text = (key: keyof UpdateVenue & keyof StoredVenue) =>
    textOf(input[key] as string | null | undefined, existing?.[key] as string | null | undefined);
  return {
    ...post,
    venue: input.venue ?? existing?.venue ?? '',
    description: textOf(input.description, existing?.description) ?? '',
    address: text('address'),
    city: text('city'),
    country: text('country'),
    province: text('province'),
    state: text('state'),
    zip: text('zip'),
    phone: text('phone'),
    stateprovince: text('stateprovince'),
    website: text('website'),
    image: text('image'),
    show_map: flagOf(input.show_map, existing?.show_map),
    show_map_link: flagOf(input.show_map_link, existing?.show_map_link),
    geo_lat: existing?.geo_lat ?? null,
    geo_lng: existing?.geo_lng ?? null,
  };
}

function organizerFrom(
  existing: StoredOrganizer | undefined,
  input: UpdateOrganizer,
  post: PostFields,
): StoredOrganizer {
  const text = (key: 'phone' | 'website' | 'email' | 'image') =>
    textOf(input[key], existing?.[key]);
  return {
    ...post,
    organizer: input.organizer ?? existing?.organizer ?? '',
    description: textOf(input.description, existing?.description) ?? '',
    phone: text('phone'),
    website: text('website'),
    email: text('email'),
    image: text('image'),
  };
}

/** The handlers of one kind of linked post: list, create, and read, change and trash by id or slug. */
function linkedPostHandlers<T extends StoredVenue | StoredOrganizer, Input extends PostFieldsInput>(
  deps: CalendarDeps,
  kind: LinkedKind<T, Input>,
) {
  const { store } = deps;
  const locate = (c: Context, viewer: Viewer) => locatePost(c, kind.records(), viewer, kind.codes);
  const answer = (c: Context, viewer: Viewer, record: T, status: 200 | 201 = 200) =>
    c.json(kind.present(record, presentContextOf(c, viewer, deps)), status);
  const write = (viewer: Viewer, existing: T | undefined, input: Input): T => {
    const problems: Record<string, string> = {};
    const id = existing?.id ?? store.nextPostId();
    const name = kind.nameIn(input) ?? (existing ? kind.nameOf(existing) : '');
    const post = writePostFields(
      store,
      kind.collection,
      { id, existing, name },
      input,
      { viewer, siteTimezone: deps.siteTimezone },
      problems,
    );
    if (Object.keys(problems).length > 0) throw invalidParams(problems);
    return kind.build(existing, input, { id, ...post });
  };

  const list = (c: Context, viewer: Viewer, { query }: { query: ListQuery }) => {
    const status = listedStatus(query.status, viewer);
    const now = store.now();
    const events = store.state.events.filter(
      (event) => event.status !== 'trash' && isVisible(event, viewer),
    );
    const linkedIds = (subset: StoredEvent[]) => new Set(subset.flatMap(kind.linkedTo));
    const keep: ((record: T) => boolean)[] = [(record) => record.status === status];
    const { search } = query;
    if (search !== undefined && search !== '') {
      const needle = search.toLowerCase();
      keep.push((record) =>
        kind.searchFields.some((field) =>
          String(record[field] ?? '')
            .toLowerCase()
            .includes(needle),
        ),
      );
    }
    if (query.event !== undefined) {
      const ids = linkedIds(events.filter((event) => event.id === query.event));
      keep.push((record) => ids.has(record.id));
    }
    if (query.has_events) {
      const ids = linkedIds(events);
      keep.push((record) => ids.has(record.id));
    }
    if (query.only_with_upcoming) {
      const ids = linkedIds(events.filter((event) => eventSpan(event).end >= now));
      keep.push((record) => ids.has(record.id));
    }
    const matches = kind
      .records()
      .filter((record) => keep.every((test) => test(record)))
      .sort((a, b) => kind.nameOf(a).localeCompare(kind.nameOf(b)) || a.id - b.id);
    const page = pageOf(kind.collection, matches, query);
    const context = presentContextOf(c, viewer, deps);
    return listResponse(
      c,
      kind.collection,
      page.items.map((record) => kind.present(record, context)),
      page,
    );
  };

  const create = (c: Context, viewer: Viewer, { body }: { body: Input }) => {
    const record = write(viewer, undefined, body);
    kind.records().push(record);
    const presented = kind.present(record, presentContextOf(c, viewer, deps));
    c.header('Location', presented.rest_url);
    return c.json(presented, 201);
  };

  const get = (c: Context, viewer: Viewer) =>
    answer(c, viewer, locatePostToRead(c, kind.records(), viewer, kind.codes, kind.readTrashed));

  const update = (c: Context, viewer: Viewer, { body }: { body: Input }) => {
    const record = locate(c, viewer);
    storeUpdate(record, write(viewer, record, body));
    return answer(c, viewer, record);
  };

  const trash = (c: Context, viewer: Viewer) => {
    const record = locate(c, viewer);
    record.status = 'trash';
    record.modified_utc = store.nowIso();
    return answer(c, viewer, record);
  };

  return { list, create, get, update, trash };
}

/** The handlers of `/venues`, by id and by slug. */
export function venueHandlers(deps: CalendarDeps): HandlersNamed<'venues'> {
  const handlers = linkedPostHandlers<StoredVenue, UpdateVenue>(deps, {
    collection: 'venues',
    codes: { notFound: 'venue-not-found', inTrash: 'venue-is-in-trash', noun: 'venue' },
    readTrashed: readableByEditors('venue'),
    nameField: 'venue',
    nameOf: (venue) => venue.venue,
    nameIn: (input) => input.venue,
    searchFields: [
      'venue',
      'description',
      'address',
      'city',
      'country',
      'province',
      'state',
      'stateprovince',
      'zip',
      'phone',
      'website',
    ],
    records: () => deps.store.state.venues,
    linkedTo: (event) => (event.venue === null ? [] : [event.venue]),
    build: venueFrom,
    present: presentVenue,
  });
  return {
    'venues.list': handlers.list,
    'venues.create': handlers.create,
    'venues.get': handlers.get,
    'venues.update': handlers.update,
    'venues.delete': handlers.trash,
    'venues.getBySlug': handlers.get,
    'venues.updateBySlug': handlers.update,
    'venues.deleteBySlug': handlers.trash,
  };
}

/** The handlers of `/organizers`, by id and by slug. */
export function organizerHandlers(deps: CalendarDeps): HandlersNamed<'organizers'> {
  const handlers = linkedPostHandlers<StoredOrganizer, UpdateOrganizer>(deps, {
    collection: 'organizers',
    codes: { notFound: 'organizer-not-found', inTrash: 'organizer-is-in-trash', noun: 'organizer' },
    readTrashed: readableByEditors('organizer'),
    nameField: 'organizer',
    nameOf: (organizer) => organizer.organizer,
    nameIn: (input) => input.organizer,
    searchFields: ['organizer', 'description', 'phone', 'website', 'email'],
    records: () => deps.store.state.organizers,
    linkedTo: (event) => event.organizer,
    build: organizerFrom,
    present: presentOrganizer,
  });
  return {
    'organizers.list': handlers.list,
    'organizers.create': handlers.create,
    'organizers.get': handlers.get,
    'organizers.update': handlers.update,
    'organizers.delete': handlers.trash,
    'organizers.getBySlug': handlers.get,
    'organizers.updateBySlug': handlers.update,
    'organizers.deleteBySlug': handlers.trash,
  };
}
