import type { PasswordQuery } from '@clientkit/contracts/calendar';
import type { Context } from 'hono';
import { ApiProblem } from '../../problem';
import type { Viewer } from './auth';
import { invalidParams } from './errors';
import { type EventQuery, selectEvents } from './event-filters';
import { type EventWrite, writeEvent } from './event-writes';
import {
  type CalendarDeps,
  type CalendarHandlers,
  type HandlersNamed,
  listedStatus,
  locatePost,
  locatePostToRead,
  type PostCodes,
  presentContextOf,
} from './handler-context';
import { listResponse, pageOf } from './listing';
import { storeUpdate } from './post-writes';
import { opensWithoutPassword, presentEvent } from './present';
import type { StoredEvent } from './state';
import { readableByEditors } from './trashed-reads';

const codes: PostCodes = {
  notFound: 'event-not-found',
  inTrash: 'event-is-in-trash',
  noun: 'event',
};

const geolocParams = ['geoloc', 'geoloc_lat', 'geoloc_lng'] as const;

/** Geolocation filters belong to the professional add-on: without it they are refused. */
function refuseGeolocWithoutAddOn(query: EventQuery, deps: CalendarDeps): void {
  if (deps.professional()) return;
  const given = geolocParams.filter((name) => query[name] !== undefined);
  if (given.length === 0) return;
  throw invalidParams(
    Object.fromEntries(given.map((name) => [name, 'requires the professional add-on'])),
  );
}

/** The handlers of `/events`, by id and by slug. */
export function eventHandlers(deps: CalendarDeps): HandlersNamed<'events'> {
  const { store } = deps;
  const locate = (c: Context, viewer: Viewer) => locatePost(c, store.state.events, viewer, codes);
  const locateToRead = (c: Context, viewer: Viewer) =>
    locatePostToRead(c, store.state.events, viewer, codes, readableByEditors('event'));
  const answer = (c: Context, viewer: Viewer, event: StoredEvent, status: 200 | 201 = 200) =>
    c.json(presentEvent(event, presentContextOf(c, viewer, deps)), status);

  const list: CalendarHandlers['events.list'] = (c, viewer, { query }) => {
    refuseGeolocWithoutAddOn(query, deps);
    const matches = selectEvents(store.state.events, query, {
      now: store.now(),
      siteTimezone: deps.siteTimezone,
      status: listedStatus(query.status, viewer),
      venue: (id) => store.venue(id),
    });
    const page = pageOf('events', matches, query);
    const context = presentContextOf(c, viewer, deps);
    const items = page.items.map((event) =>
      presentEvent(event, context, !opensWithoutPassword(event, viewer)),
    );
    return listResponse(c, 'events', items, page);
  };

  const get = (c: Context, viewer: Viewer, { query }: { query: PasswordQuery }) => {
    const event = locateToRead(c, viewer);
    const { password } = query;
    if (!opensWithoutPassword(event, viewer) && password !== event.password) {
      throw new ApiProblem(
        403,
        `The event ${event.id} is password protected: send its password`,
        'event-password-protected',
      );
    }
    return answer(c, viewer, event);
  };

  const create: CalendarHandlers['events.create'] = (c, viewer, { body }) => {
    const event = writeEvent(store, undefined, body, { viewer, siteTimezone: deps.siteTimezone });
    store.state.events.push(event);
    c.header('Location', presentEvent(event, presentContextOf(c, viewer, deps)).rest_url);
    return answer(c, viewer, event, 201);
  };

  const update = (c: Context, viewer: Viewer, { body }: { body: EventWrite }) => {
    const event = locate(c, viewer);
    const updated = writeEvent(store, event, body, {
      viewer,
      siteTimezone: deps.siteTimezone,
    });
    storeUpdate(event, updated);
    return answer(c, viewer, event);
  };

  const trash = (c: Context, viewer: Viewer) => {
    const event = locate(c, viewer);
    event.status = 'trash';
    event.modified_utc = store.nowIso();
    return answer(c, viewer, event);
  };

  return {
    'events.list': list,
    'events.create': create,
    'events.get': get,
    'events.update': update,
    'events.delete': trash,
    'events.getBySlug': get,
    'events.updateBySlug': update,
    'events.deleteBySlug': trash,
  };
}
