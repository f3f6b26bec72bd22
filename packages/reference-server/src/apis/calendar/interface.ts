import { isTimeZone } from '@clientkit/contracts/calendar';
import { tooLargeMessage } from '../../body-limit';
import { developmentPasswords } from '../../development-credentials';
import type { InterfaceModule, ServerContext } from '../../interface';
import { ApiProblem } from '../../problem';
import { calendarAdminTable } from './admin';
import { CalendarAuth } from './auth';
import { renderError } from './errors';
import type { CalendarDeps } from './handler-context';
import { CALENDAR_BASE } from './present';
import { apiRootLink, restConventions } from './rest-conventions';
import { calendarRoutes } from './routes';
import { calendarSeed, PREVIEW_PASSWORD } from './seed';
import { CalendarState } from './state';
import { CalendarStore } from './store';

/** Options of the calendar interface. */
export interface CalendarOptions {
  /** Start with the professional add-on on: the `geoloc*` event filters are then accepted. */
  professional?: boolean;
  /** The site's time zone (default `UTC`): "today", whole days and publication dates use it. */
  timezone?: string;
}

/** Programmatic control of the calendar interface. */
export interface CalendarControl {
  /** The store, for tests that look at or arrange the state directly. */
  readonly store: CalendarStore;
  /** Whether the professional add-on is on. */
  readonly professional: boolean;
  /** Turns the professional add-on on or off (until the next reset). */
  setProfessional(enabled: boolean): void;
  /** A REST nonce for a user (by login), valid for 24 hours on the server clock. */
  mintNonce(user: string): string;
  /** The site's time zone. */
  readonly timezone: string;
}

/** Seed data without its secrets: application passwords and event passwords are left out. */
function withoutSecrets(state: CalendarState): CalendarState {
  const copy = structuredClone(state);
  for (const user of copy.users) delete user.application_password;
  for (const event of copy.events) delete event.password;
  return copy;
}

export function createCalendarInterface(
  context: ServerContext,
  options: CalendarOptions = {},
): { module: InterfaceModule; control: CalendarControl } {
  const siteTimezone = options.timezone ?? 'UTC';
  if (!isTimeZone(siteTimezone)) {
    throw new RangeError(`calendar.timezone "${siteTimezone}" is not an IANA time zone`);
  }
  const { clock } = context;
  const store = new CalendarStore(calendarSeed(clock.now(), siteTimezone), clock);
  const auth = new CalendarAuth(() => store.state.users, clock);
  let professional = options.professional ?? false;
  const deps: CalendarDeps = { store, siteTimezone, professional: () => professional };

  const admin = calendarAdminTable(
    {
      get: () => professional,
      set: (enabled) => {
        professional = enabled;
      },
    },
    auth,
  );

  const module: InterfaceModule = {
    name: 'calendar',
    prefixes: ['/wp-json'],
    openapiPath: `${CALENDAR_BASE}/doc`,
    // Room for an event's HTML description; term names and titles have their own maximum lengths.
    bodyLimit: {
      maxBytes: 2 * 1024 * 1024,
      tooLarge: (maxBytes) =>
        new ApiProblem(413, tooLargeMessage(maxBytes), 'rest_request_too_large'),
    },
    routes: calendarRoutes(deps, auth),
    middleware: restConventions,
    frontPageLinks: (origin) => [apiRootLink(origin)],
    error: renderError,
    reset() {
      store.state = calendarSeed(clock.now(), siteTimezone);
      professional = options.professional ?? false;
      auth.clearNonces();
    },
    seed(data) {
      const parsed = CalendarState.safeParse(data);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new Error(
          `calendar seed: ${first?.path.join('.') || '(root)'} ${first?.message ?? 'is not valid'}`,
        );
      }
      store.state = structuredClone(parsed.data);
      auth.clearNonces();
    },
    snapshot() {
      const kept = structuredClone(store.state);
      return () => {
        store.state = kept;
      };
    },
    inspect: () => ({ ...withoutSecrets(store.state), professional }),
    credentials: () => ({
      'editor application password': `editor / ${developmentPasswords.editor}`,
      'subscriber application password': `subscriber / ${developmentPasswords.subscriber}`,
      'members-preview event password': PREVIEW_PASSWORD,
    }),
    admin,
  };

  return {
    module,
    control: {
      store,
      get professional() {
        return professional;
      },
      setProfessional(enabled) {
        professional = enabled;
      },
      mintNonce: (user) => auth.mintNonce(user).nonce,
      timezone: siteTimezone,
    },
  };
}
