import { randomUUID } from 'node:crypto';
import type {
  InboundMessage,
  ServerColor,
  TrackLinks,
  UpdateServerBody,
} from '@clientkit/contracts/mail';
import { mailboxHashOf } from './mailbox-hash';

/** A server as the store keeps it: hook URLs in full, credentials included. */
export interface StoredServer {
  ID: number;
  Name: string;
  /** The tokens that send mail as this server: secrets, never in the admin state. */
  ApiTokens: string[];
  Color: ServerColor;
  SmtpApiActivated: boolean;
  RawEmailEnabled: boolean;
  DeliveryType: 'Live' | 'Sandbox';
  /** The one domain of the server's inbound stream. */
  InboundDomain: string;
  InboundHash: string;
  InboundHookUrl: string;
  InboundSpamThreshold: number;
  BounceHookUrl: string;
  OpenHookUrl: string;
  DeliveryHookUrl: string;
  ClickHookUrl: string;
  TrackOpens: boolean;
  TrackLinks: TrackLinks;
  PostFirstOpenOnly: boolean;
  IncludeBounceContentInHook: boolean;
  EnableSmtpApiErrorHooks: boolean;
}

/** Seed data of one server: ID, Name and InboundHash are required, the rest has defaults. */
export type ServerSeed = Pick<StoredServer, 'ID' | 'Name' | 'InboundHash'> & Partial<StoredServer>;

/** The state the mail interface is seeded with. */
export interface MailSeed {
  servers: ServerSeed[];
}

/** One attempt to POST a message to the inbound hook. */
export interface DeliveryAttempt {
  /** When it started, on the server clock (ISO 8601). */
  at: string;
  /** Where it went, without credentials and with secret query values redacted. */
  url: string;
  /** The receiver's HTTP status, or null when no answer came. */
  status: number | null;
  /** delivered (2xx), refused (403, no retry), retry (another attempt is scheduled), failed (no more attempts). */
  outcome: 'delivered' | 'refused' | 'retry' | 'failed';
  /** What happened, for people: `HTTP 500`, `no answer within 10000 ms`, ... */
  detail: string;
}

/**
 * Where an inbound message stands: queued (the first attempt is under way), scheduled (a retry is
 * due at nextAttemptAt), delivered, failed, blocked (its spam score reached the server's
 * threshold) or no-hook (the server had no InboundHookUrl when it arrived).
 */
export type InboundStatus = 'queued' | 'scheduled' | 'delivered' | 'failed' | 'blocked' | 'no-hook';

/** An inbound message and the story of its delivery. */
export interface InboundRecord {
  messageId: string;
  serverId: number;
  /** The envelope recipient it arrived for. */
  recipient: string;
  receivedAt: string;
  status: InboundStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt?: string;
  /** The JSON POSTed to the hook. */
  payload: InboundMessage;
}

const defaults: Omit<StoredServer, 'ID' | 'Name' | 'InboundHash' | 'InboundDomain' | 'ApiTokens'> =
  {
    Color: 'Blue',
    SmtpApiActivated: true,
    RawEmailEnabled: false,
    DeliveryType: 'Live',
    InboundHookUrl: '',
    InboundSpamThreshold: 0,
    BounceHookUrl: '',
    OpenHookUrl: '',
    DeliveryHookUrl: '',
    ClickHookUrl: '',
    TrackOpens: false,
    TrackLinks: 'None',
    PostFirstOpenOnly: false,
    IncludeBounceContentInHook: false,
    EnableSmtpApiErrorHooks: false,
  };

/**
 * The seeded tokens of a server, or one new token: the admin state never shows tokens, so a state
 * read back from it gets fresh ones.
 */
function apiTokensOf(entry: ServerSeed): string[] {
  if (entry.ApiTokens === undefined) return [randomUUID()];
  if (
    !Array.isArray(entry.ApiTokens) ||
    !entry.ApiTokens.every((t) => typeof t === 'string' && t)
  ) {
    throw new RangeError(`server ${entry.ID} needs ApiTokens as a list of non-empty strings`);
  }
  return [...entry.ApiTokens];
}

/** The servers and the inbound messages they received. */
export class MailStore {
  #servers = new Map<number, StoredServer>();
  #messages = new Map<string, InboundRecord>();
  /** The raw message each record came from, as received: one buffer shared by its recipients. */
  #rawMessages = new Map<string, Buffer>();
  readonly #defaultDomain: string;

  constructor(seed: MailSeed, defaultDomain: string) {
    this.#defaultDomain = defaultDomain;
    this.load(seed);
  }

  /** Replaces every server with the seed's and forgets every message. */
  load(seed: MailSeed): void {
    if (!Array.isArray(seed?.servers)) throw new RangeError('mail seed data needs a servers array');
    const servers = new Map<number, StoredServer>();
    const hashes = new Set<string>();
    for (const entry of seed.servers) {
      if (!Number.isInteger(entry?.ID) || typeof entry.Name !== 'string') {
        throw new RangeError('every seeded mail server needs an integer ID and a Name');
      }
      if (typeof entry.InboundHash !== 'string' || !/^[a-z0-9]+$/i.test(entry.InboundHash)) {
        throw new RangeError(`server ${entry.ID} needs an InboundHash of letters and digits`);
      }
      const hash = entry.InboundHash.toLowerCase();
      if (servers.has(entry.ID)) throw new RangeError(`two seeded servers have the ID ${entry.ID}`);
      if (hashes.has(hash)) throw new RangeError(`two seeded servers have the InboundHash ${hash}`);
      hashes.add(hash);
      const server: StoredServer = {
        ...defaults,
        ID: entry.ID,
        Name: entry.Name,
        ApiTokens: apiTokensOf(entry),
        InboundHash: hash,
        InboundDomain: (entry.InboundDomain || this.#defaultDomain).toLowerCase(),
      };
      for (const key of Object.keys(defaults) as (keyof typeof defaults)[]) {
        if (entry[key] !== undefined) Object.assign(server, { [key]: entry[key] });
      }
      servers.set(entry.ID, server);
    }
    this.#servers = servers;
    this.#messages = new Map();
    this.#rawMessages = new Map();
  }

  server(id: number): StoredServer | undefined {
    return this.#servers.get(id);
  }

  servers(): StoredServer[] {
    return [...this.#servers.values()];
  }

  /**
   * The server as validated changes would leave it, without storing them: an empty InboundDomain
   * returns to the default domain.
   */
  changed(server: StoredServer, changes: UpdateServerBody): StoredServer {
    const next = { ...server, ...changes, ApiTokens: [...server.ApiTokens] };
    if (changes.InboundDomain !== undefined) {
      next.InboundDomain = (changes.InboundDomain || this.#defaultDomain).toLowerCase();
    }
    return next;
  }

  /** Stores a server as `changed` made it, in place (the delivery pipeline keeps no copies). */
  update(next: StoredServer): void {
    Object.assign(this.#servers.get(next.ID)!, next);
  }

  /**
   * The server an address delivers to, and the mailbox hash after the `+`: the local part must be
   * a server's InboundHash and the domain that server's one inbound domain.
   */
  route(address: string): { server: StoredServer; mailboxHash: string } | undefined {
    const at = address.lastIndexOf('@');
    if (at <= 0) return undefined;
    const local = address.slice(0, at);
    const domain = address.slice(at + 1).toLowerCase();
    const plus = local.indexOf('+');
    const hash = (plus === -1 ? local : local.slice(0, plus)).toLowerCase();
    const mailboxHash = mailboxHashOf(address);
    for (const server of this.#servers.values()) {
      if (server.InboundHash === hash && server.InboundDomain === domain) {
        return { server, mailboxHash };
      }
    }
    return undefined;
  }

  addMessage(record: InboundRecord, raw: Buffer): void {
    this.#messages.set(record.messageId, record);
    this.#rawMessages.set(record.messageId, raw);
  }

  /** The raw message a record came from, as it was received. */
  rawMessage(messageId: string): Buffer | undefined {
    return this.#rawMessages.get(messageId);
  }

  /** True while the record is part of the current state (not replaced by a reset or seed). */
  holds(record: InboundRecord): boolean {
    return this.#messages.get(record.messageId) === record;
  }

  message(messageId: string): InboundRecord | undefined {
    return this.#messages.get(messageId);
  }

  messages(): InboundRecord[] {
    return [...this.#messages.values()];
  }
}
