import type { CalendarOptions } from './apis/calendar/interface';
import type { IdmOptions, MachineClient, RateLimitOptions } from './apis/idm/interface';
import type { MailOptions } from './apis/mail/interface';
import type { MeteringOptions, MeteringRateLimit } from './apis/metering/interface';
import type { Clock, ClockOptions } from './clock';
import type { ExchangeObserver } from './exchanges';
import type { FaultSpec } from './faults/fault-spec';
import type { InterfaceName } from './interface';
import { type KnownNames, refuseUnknownKeys } from './unknown-keys';

export interface ReferenceServerOptions {
  /** Seed data per interface, replacing the built-in seed (same shape as the admin state). */
  seed?: Partial<Record<InterfaceName, unknown>>;
  /** A clock to share, or options for a new one. */
  clock?: Clock | ClockOptions;
  /** Identity management tenant kind (default public). */
  tenant?: 'public' | 'private';
  /** Mount the `/__admin` test-control routes. Off by default: they let anyone change the state. */
  admin?: boolean;
  /** Faults to inject from the start. */
  faults?: FaultSpec[];
  /** Where handler failures are reported (default: console.error). */
  logError?: (message: string, error?: unknown) => void;
  /**
   * Called with every answer the server sends (over HTTP and through `fetch`) and a copy of it,
   * for tests that check answers whatever HTTP stack the client uses. Left out, nothing is copied.
   */
  onExchange?: ExchangeObserver;
  /** Options of the calendar interface. */
  calendar?: CalendarOptions;
  /** Options of the metering interface. */
  metering?: MeteringOptions;
  /** Options of the mail interface. */
  mail?: MailOptions;
  /** Options of the identity management interface. */
  idm?: IdmOptions;
}

const serverOptionNames: KnownNames<ReferenceServerOptions> = {
  seed: true,
  clock: true,
  tenant: true,
  admin: true,
  faults: true,
  logError: true,
  onExchange: true,
  calendar: true,
  metering: true,
  mail: true,
  idm: true,
};
const interfaceNames: KnownNames<Record<InterfaceName, unknown>> = {
  docs: true,
  calendar: true,
  metering: true,
  mail: true,
  idm: true,
};
const clockOptionNames: KnownNames<ClockOptions> = { start: true, frozen: true };
const calendarOptionNames: KnownNames<CalendarOptions> = { professional: true, timezone: true };
const meteringOptionNames: KnownNames<MeteringOptions> = {
  rateLimit: true,
  idempotencyKeyLimit: true,
};
const meteringRateLimitNames: KnownNames<MeteringRateLimit> = { requests: true, perMs: true };
const mailOptionNames: KnownNames<MailOptions> = {
  smtpPort: true,
  accountToken: true,
  inboundDomain: true,
  deliveryTimeoutMs: true,
  maxMessageBytes: true,
};
const idmOptionNames: KnownNames<IdmOptions> = {
  audience: true,
  machineClients: true,
  tokenLifetime: true,
  rateLimit: true,
};
const idmRateLimitNames: KnownNames<RateLimitOptions> = {
  limit: true,
  window: true,
  enforce: true,
};
const machineClientNames: KnownNames<MachineClient> = {
  clientId: true,
  clientSecret: true,
  scopes: true,
};

/** A group of options given as something other than an object is refused, naming the group. */
function objectOrNothing(value: unknown, subject: string): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${subject} must be an object`);
  }
}

function checkGroup(value: unknown, known: Record<string, true>, subject: string): void {
  objectOrNothing(value, subject);
  refuseUnknownKeys(value, known, subject);
}

function checkClockOptions(clock: unknown): void {
  // A clock of the caller's own is taken as it is; only the options of a new one are checked.
  if (typeof (clock as Clock | undefined)?.now === 'function') return;
  checkGroup(clock, clockOptionNames, 'clock');
}

function checkInterfaceOptions(options: ReferenceServerOptions): void {
  checkGroup(options.calendar, calendarOptionNames, 'calendar');
  checkGroup(options.metering, meteringOptionNames, 'metering');
  checkGroup(options.metering?.rateLimit, meteringRateLimitNames, 'metering.rateLimit');
  checkGroup(options.mail, mailOptionNames, 'mail');
  checkGroup(options.idm, idmOptionNames, 'idm');
  checkGroup(options.idm?.rateLimit, idmRateLimitNames, 'idm.rateLimit');
  const machines = options.idm?.machineClients;
  if (machines !== undefined && !Array.isArray(machines)) {
    throw new TypeError('idm.machineClients must be a list');
  }
  for (const [index, machine] of (machines ?? []).entries()) {
    checkGroup(machine, machineClientNames, `idm.machineClients[${index}]`);
  }
}

/**
 * Refuses what `createReferenceServer` would otherwise ignore: option names it does not know, at
 * every level (the server's, the clock's, each interface's), and seed data for an interface that
 * does not exist. Values are checked where they are used.
 */
export function checkServerOptions(options: ReferenceServerOptions): void {
  checkGroup(options, serverOptionNames, 'createReferenceServer');
  checkClockOptions(options.clock);
  objectOrNothing(options.seed, 'seed');
  refuseUnknownKeys(options.seed, interfaceNames, 'seed', 'interface');
  checkInterfaceOptions(options);
}
