import type { SoakClients } from './clients';

/** The client a call belongs to, which sets what its time is bound by. */
export type ClientName = keyof SoakClients;

/** What a task of the traffic mix is given. */
export interface TaskContext {
  clients: SoakClients;
  /** A number no other task of the run has, to name what a write creates. */
  serial: number;
  /** A docs space only this task's lane renames and duplicates, so its titles come in order. */
  laneSpace: string;
  /** Runs one call, times it and counts its outcome; resolves to whether it succeeded. */
  measure(
    client: ClientName,
    operation: string,
    call: () => PromiseLike<unknown>,
  ): Promise<boolean>;
  /** Notes an `events.send` call, and whether the service acknowledged its events. */
  sentEvents(serial: number, acknowledged: boolean): void;
}

/** One step of the mix: one call, or two where the second depends on the first. */
export type Task = (context: TaskContext) => Promise<unknown>;

/** A date a month ahead in the calendar's `Y-m-d` form: creates stay in its default window. */
function dayAhead(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
}

/** The identifiers of one `events.send` call: unique in the run, derived from its serial. */
export function sendIdentifiers(serial: number): string[] {
  return [0, 1, 2].map((index) => `soak-send-${serial}-${index}`);
}

async function sendEvents(context: TaskContext): Promise<void> {
  const identifiers = sendIdentifiers(context.serial);
  const events = identifiers.map((identifier) => ({
    event_name: SEND_EVENT_NAME,
    identifier,
    payload: { stripe_customer_id: `cus_${context.serial % 50}`, value: '1' },
  }));
  const acknowledged = await context.measure('metering', 'metering.events.send', () =>
    context.clients.metering.events.send(events),
  );
  context.sentEvents(context.serial, acknowledged);
}

/**
 * A docs write whose double application shows: the lane's space takes a title no other task uses,
 * then is duplicated, and the copy carries that title. Without a successful rename the duplicate
 * is skipped, so a title is copied at most once unless a duplicate was applied twice.
 */
async function renameAndDuplicate(context: TaskContext): Promise<void> {
  const { docs } = context.clients;
  const renamed = await context.measure('docs', 'docs.spaces.update', () =>
    docs.spaces.update(context.laneSpace, { title: docsTitle(context.serial) }),
  );
  if (!renamed) return;
  await context.measure('docs', 'docs.spaces.duplicate', () =>
    docs.spaces.duplicate(context.laneSpace),
  );
}

/** The event name of the events `events.send` calls carry; the stream's is `STREAM_EVENT_NAME`. */
export const SEND_EVENT_NAME = 'soak_send';
/** The event name of the events pushed through the stream. */
export const STREAM_EVENT_NAME = 'soak_stream';

/** The title a docs write gives its lane's space; its copy is this plus ` (copy)`. */
export const docsTitle = (serial: number) => `Soak ${serial}`;
/** The title of a copy made by a docs write, whatever its serial. */
export const DOCS_COPY_TITLE = /^Soak \d+ \(copy\)$/;
/** The title of the calendar event a create makes. */
export const calendarTitle = (serial: number) => `Soak event ${serial}`;
/** Such a title, whatever its serial. */
export const CALENDAR_TITLE = /^Soak event \d+$/;
/** The name of the identity management client a create makes. */
export const idmClientName = (serial: number) => `soak-client-${serial}`;
/** Such a name, whatever its serial. */
export const IDM_CLIENT_NAME = /^soak-client-\d+$/;

/**
 * One round of mixed traffic: reads, listings and writes of all five clients. The writes that are
 * not retried after an ambiguous failure (docs, calendar and identity management creates) name what
 * they create uniquely, so that the server's state shows whether one was applied twice.
 */
export const TRAFFIC_MIX: readonly Task[] = [
  (c) => c.measure('docs', 'docs.spaces.get', () => c.clients.docs.spaces.get('space_handbook')),
  (c) =>
    c.measure('calendar', 'calendar.events.list', () =>
      c.clients.calendar.events.list({ per_page: 10 }),
    ),
  (c) => c.measure('mail', 'mail.servers.get', () => c.clients.mail.servers.get(1)),
  (c) =>
    c.measure('idm', 'idm.clients.list', () =>
      c.clients.idm.clients.list({ page: 0, per_page: 10 }),
    ),
  sendEvents,
  renameAndDuplicate,
  (c) => {
    const day = dayAhead();
    return c.measure('calendar', 'calendar.events.create', () =>
      c.clients.calendar.events.create({
        title: calendarTitle(c.serial),
        start_date: `${day} 20:00:00`,
        end_date: `${day} 22:00:00`,
      }),
    );
  },
  (c) =>
    c.measure('mail', 'mail.servers.update', () =>
      c.clients.mail.servers.update(1, { Name: `Soak ${c.serial}` }),
    ),
  (c) =>
    c.measure('idm', 'idm.clients.create', () =>
      c.clients.idm.clients.create({ name: idmClientName(c.serial), app_type: 'non_interactive' }),
    ),
  (c) =>
    c.measure('metering', 'metering.sessions.create', () => c.clients.metering.sessions.create()),
  (c) =>
    c.measure('docs', 'docs.spaces.permissions.listUsers', () =>
      c.clients.docs.spaces.permissions.listUsers('space_handbook'),
    ),
  (c) => c.measure('idm', 'idm.logs.list', () => c.clients.idm.logs.list({ take: 10 })),
];
