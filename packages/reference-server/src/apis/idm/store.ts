import { randomBytes } from 'node:crypto';
import type { CreateClientBody, UpdateClientBody } from '@clientkit/contracts/idm';
import { Client, LogEvent } from '@clientkit/contracts/idm/responses';
import { z } from 'zod/mini';
import type { Clock } from '../../clock';

/** The state of the interface, as `inspect()` shows it and `seed()` takes it. */
export const IdmState = z.object({ clients: z.array(Client), logs: z.array(LogEvent) });
export type IdmState = z.infer<typeof IdmState>;

/**
 * A record with its place in the order of insertion. Checkpoints point at a place rather than at a
 * record, so a listing carries on even when the record its checkpoint named has been deleted.
 */
export interface Stored<T> {
  seq: number;
  record: T;
}

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A client id in the interface's style: 32 letters and digits. */
export function newClientId(randomByte: () => number): string {
  let id = '';
  while (id.length < 32) id += alphanumeric[randomByte() % alphanumeric.length];
  return id;
}

/** A log id that sorts as the events were recorded. */
export function logIdOf(seq: number): string {
  return `log_${String(seq).padStart(10, '0')}`;
}

/** Clients and log events in memory. Clients list oldest first, log events newest first. */
export class IdmStore {
  readonly #clock: Clock;
  #clients = new Map<string, Stored<Client>>();
  #logs = new Map<string, Stored<LogEvent>>();
  #nextSeq = 1;

  constructor(state: IdmState, clock: Clock) {
    this.#clock = clock;
    this.state = state;
  }

  get state(): IdmState {
    return structuredClone({
      clients: [...this.#clients.values()].map((stored) => stored.record),
      logs: [...this.#logs.values()].map((stored) => stored.record),
    });
  }

  /** Replaces everything; records keep the order they are given in. */
  set state(state: IdmState) {
    const result = z.safeParse(IdmState, state);
    if (!result.success) throw new RangeError(`Invalid idm seed: ${result.error.message}`);
    this.#clients = new Map();
    this.#logs = new Map();
    this.#nextSeq = 1;
    for (const client of result.data.clients) {
      this.#clients.set(client.client_id, { seq: this.#nextSeq++, record: client });
    }
    for (const event of result.data.logs) {
      this.#logs.set(event.log_id, { seq: this.#nextSeq++, record: event });
    }
  }

  /** Every client, oldest first. */
  clients(): Stored<Client>[] {
    return [...this.#clients.values()];
  }

  client(clientId: string): Client | undefined {
    return this.#clients.get(clientId)?.record;
  }

  createClient(body: CreateClientBody): Client {
    let clientId: string;
    do clientId = newClientId(() => randomBytes(1)[0]!);
    while (this.#clients.has(clientId));
    const client: Client = { client_id: clientId, ...definedOnly(body) } as Client;
    this.#clients.set(clientId, { seq: this.#nextSeq++, record: client });
    return client;
  }

  /** The changed client, or undefined when there is none with this id. */
  updateClient(clientId: string, changes: UpdateClientBody): Client | undefined {
    const stored = this.#clients.get(clientId);
    if (!stored) return undefined;
    stored.record = { ...stored.record, ...definedOnly(changes) } as Client;
    return stored.record;
  }

  deleteClient(clientId: string): boolean {
    return this.#clients.delete(clientId);
  }

  /** Every log event, newest first. */
  logs(): Stored<LogEvent>[] {
    return [...this.#logs.values()].reverse();
  }

  log(logId: string): LogEvent | undefined {
    return this.#logs.get(logId)?.record;
  }

  /** The place of a log event in the order of insertion, which is the order of its log id. */
  logPlace(logId: string): number | undefined {
    return this.#logs.get(logId)?.seq;
  }

  /** Records an event now, on the server clock. */
  appendLog(event: Pick<LogEvent, 'type' | 'description' | 'client_id' | 'details'>): LogEvent {
    const seq = this.#nextSeq++;
    let logId = logIdOf(seq);
    for (let n = 1; this.#logs.has(logId); n++) logId = `${logIdOf(seq)}_${n}`;
    const record: LogEvent = { log_id: logId, date: this.#clock.date().toISOString(), ...event };
    this.#logs.set(logId, { seq, record });
    return record;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
