import type { ReferenceServer } from '@clientkit/reference-server';
import { CALENDAR_TITLE, DOCS_COPY_TITLE, IDM_CLIENT_NAME } from './traffic';

/** What one interface's state shows of the soak's creates. */
export interface CreatedRecords {
  /** Creates the client saw succeed: each must have left its record. */
  acknowledged: number;
  /** Records the soak's creates left (each create names its record uniquely). */
  created: number;
  /** Names that appear more than once: creates applied twice. */
  twice: number;
  /** A few of those names. */
  twiceExamples: string[];
}

/** Creates the client saw succeed, per interface. */
export type Acknowledged = Record<keyof WritesCheck, number>;

/** What the server's state shows of the creates that are not retried after an ambiguous failure. */
export interface WritesCheck {
  docs: CreatedRecords;
  calendar: CreatedRecords;
  idm: CreatedRecords;
}

/** How many names applied twice the check keeps: enough to debug, bounded on a long run. */
const NAME_LIMIT = 10;

function createdRecords(names: string[], ours: RegExp, acknowledged: number): CreatedRecords {
  const seen = new Map<string, number>();
  for (const name of names) if (ours.test(name)) seen.set(name, (seen.get(name) ?? 0) + 1);
  const twice = [...seen].filter(([, count]) => count > 1).map(([name]) => name);
  return {
    acknowledged,
    created: seen.size,
    twice: twice.length,
    twiceExamples: twice.slice(0, NAME_LIMIT),
  };
}

/**
 * Reads the server's state for the soak's creates: each docs copy, calendar event and identity
 * management client carries a name only one task gave, so a name seen twice is a write applied
 * twice (a retry the policy should not have made). A create the client saw succeed must have left
 * its record, so there are at least as many records as acknowledged creates.
 */
export function checkWrites(server: ReferenceServer, acknowledged: Acknowledged): WritesCheck {
  const docs = server.inspect('docs') as { spaces: { title: string }[] };
  const calendar = server.inspect('calendar') as { events: { title: string }[] };
  const idm = server.inspect('idm') as { clients: { name: string }[] };
  return {
    docs: createdRecords(
      docs.spaces.map((space) => space.title),
      DOCS_COPY_TITLE,
      acknowledged.docs,
    ),
    calendar: createdRecords(
      calendar.events.map((event) => event.title),
      CALENDAR_TITLE,
      acknowledged.calendar,
    ),
    idm: createdRecords(
      idm.clients.map((client) => client.name),
      IDM_CLIENT_NAME,
      acknowledged.idm,
    ),
  };
}
