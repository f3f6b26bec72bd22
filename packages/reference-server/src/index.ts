import type { Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { createAdminRoutes } from './admin/routes';
import { type CalendarControl, createCalendarInterface } from './apis/calendar/interface';
import { createDocsInterface, type DocsControl } from './apis/docs/interface';
import { createIdmInterface, type IdmControl } from './apis/idm/interface';
import { createMailInterface, type MailControl } from './apis/mail/interface';
import { createMeteringInterface, type MeteringControl } from './apis/metering/interface';
import { createApp } from './app';
import { type Clock, createClock } from './clock';
import { observeExchanges } from './exchanges';
import { ConnectionFault } from './faults/connection-fault';
import { FaultInjector, type FaultInjector as Faults } from './faults/injector';
import { deliverOverSocket } from './faults/over-socket';
import { createFaultWaits } from './faults/waits';
import { inProcessFetch } from './in-process-fetch';
import type { InterfaceModule, InterfaceName, ServerContext } from './interface';
import { checkServerOptions, type ReferenceServerOptions } from './server-options';
import { type TrafficControl, trafficCounter } from './traffic';

/** How long the server keeps an idle keep-alive connection open (and says so in `Keep-Alive`). */
const IDLE_CONNECTION_MS = 65_000;

export type { AdminAuth, AdminHandler, AdminOperation, AdminTable } from './admin/table';
export type { CalendarControl, CalendarOptions } from './apis/calendar/interface';
export type { DocsControl, DocsScheme, DocsScope, MintedDocsToken } from './apis/docs/interface';
export type {
  IdmControl,
  IdmOptions,
  IdmState,
  MachineClient,
  MintedIdmToken,
  RateLimitOptions,
} from './apis/idm/interface';
export type {
  DeliveryAttempt,
  InboundRecord,
  InboundStatus,
  MailControl,
  MailOptions,
  MailSeed,
  ServerSeed,
} from './apis/mail/interface';
export type { StoredServer } from './apis/mail/store';
export type {
  CountedEvent,
  MeteringControl,
  MeteringErrorReportEntry,
  MeteringOptions,
  MeteringRateLimit,
  MeteringSeed,
} from './apis/metering/interface';
export type { MeteringErrorCode } from './apis/metering/ledger';
export { type Clock, type ClockOptions, createClock, type Duration, parseDuration } from './clock';
export type {
  ContractViolation,
  FieldIssue,
  UnknownOperation,
} from './contract-check/violation';
export { developmentEnvironment } from './development-environment';
export { type DevelopmentClientOptions, developmentClientOptions } from './development-options';
export type { Exchange, ExchangeObserver } from './exchanges';
export type { ActiveChaos, ChaosKind, ChaosOptions } from './faults/chaos';
export type { ActiveFault, FaultKind, FaultSpec, ResetWhen } from './faults/fault-spec';
export type { InjectedFault, InjectedKind, Injection } from './faults/injection';
export { type FaultedRequest, FaultInjector, type FaultInjectorOptions } from './faults/injector';
export type { Latency, LatencyRange } from './faults/latency';
export type { InterfaceModule, InterfaceName, ServerContext } from './interface';
export type { CheckedInput, HttpMethod, Operation, OperationHandler } from './operations';
export type { ApiProblem } from './problem';
export {
  createProxyServer,
  type ProxyServer,
  type ProxyServerOptions,
} from './proxy/proxy-server';
export type { RecordedExchange } from './recording/recorded-exchange';
export {
  createReplayServer,
  type ReplayServer,
  type ReplayServerOptions,
  type UnmatchedRequest,
} from './replay/replay-server';
export type { TrafficControl, TrafficSnapshot } from './traffic';

/** Options of `createReferenceServer`. */
export type { ReferenceServerOptions };

/** A running (or ready to run) reference server. */
export interface ReferenceServer {
  /** Handles a request in-process; pass it to a client as its `fetch`. */
  fetch: typeof fetch;
  /** Listens on 127.0.0.1 (port 0 picks a free one) and resolves with the origin URL. */
  listen(port?: number, hostname?: string): Promise<{ url: string; port: number }>;
  /** Stops listening, closes open connections (stalled ones too), ends every fault wait and background work. */
  close(): Promise<void>;
  /** Closes the server, for `await using server = await createReferenceServer()`. */
  [Symbol.asyncDispose](): Promise<void>;
  /** The origin URL once listening. */
  readonly url: string | undefined;
  /** The clock everything time-based reads. */
  clock: Clock;
  /** Injected failures, chaos mode and the log of what was injected. */
  faults: Faults;
  /** The requests to the interfaces since the last reset: how many, how many at once, when each came. */
  traffic: TrafficControl;
  /** Back to the seed data (every interface), no faults and no chaos, the traffic counted afresh. */
  reset(): void;
  /** Replaces the state of the named interfaces. */
  seed(data: Partial<Record<InterfaceName, unknown>>): void;
  /** A snapshot of one interface's state. */
  inspect(name: InterfaceName): unknown;
  /** The development credentials of every interface. */
  credentials(): Record<string, Record<string, string>>;
  /** Base path of each interface on this server's origin. */
  readonly basePaths: Record<InterfaceName, string>;
  /** Where each interface that publishes one serves its OpenAPI 3.1 document, on this origin. */
  readonly openapiPaths: Partial<Record<InterfaceName, string>>;
  /** Programmatic control of the documentation interface (tokens and the like). */
  docs: DocsControl;
  /** Programmatic control of the calendar interface. */
  calendar: CalendarControl;
  /** Programmatic control of the metering interface. */
  metering: MeteringControl;
  /** Programmatic control of the mail interface. */
  mail: MailControl;
  /** Programmatic control of the identity management interface. */
  idm: IdmControl;
}

/**
 * Creates the reference server: all interfaces in memory, on one origin.
 *
 * @example
 * const server = await createReferenceServer();
 * const { url } = await server.listen(0);
 * const docs = new DocsClient({ baseUrl: url, token: server.docs.mintToken({ scheme: 'user' }) });
 */
export async function createReferenceServer(
  options: ReferenceServerOptions = {},
): Promise<ReferenceServer> {
  checkServerOptions(options);
  const clock = isClock(options.clock) ? options.clock : createClock(options.clock);
  const context: ServerContext = {
    clock,
    tenant: options.tenant ?? 'public',
    logError:
      options.logError ??
      ((message, error) => console.error(`[reference-server] ${message}`, error)),
    origin: () => url,
  };
  const docs = createDocsInterface(context);
  const calendar = createCalendarInterface(context, options.calendar);
  const metering = createMeteringInterface(context, options.metering);
  const mail = createMailInterface(context, options.mail);
  const idm = createIdmInterface(context, options.idm);
  const modules: InterfaceModule[] = [
    docs.module,
    calendar.module,
    metering.module,
    mail.module,
    idm.module,
  ];
  for (const module of modules) {
    const seed = options.seed?.[module.name];
    if (seed !== undefined) module.seed(seed);
  }

  const faults = new FaultInjector({ chaosPaths: modules.flatMap((module) => module.prefixes) });
  for (const spec of options.faults ?? []) faults.add(spec);
  const traffic = trafficCounter(clock);
  const admin = options.admin ? createAdminRoutes(modules, faults, clock, traffic) : undefined;
  const waits = createFaultWaits();
  const app = createApp({ context, modules, faults, waits, admin, traffic });
  const answer = options.onExchange
    ? observeExchanges(app.fetch, options.onExchange, context.logError)
    : app.fetch;
  await startModules(modules, clock);

  // createAdaptorServer makes an HTTP/1 server: its answers always go to a ServerResponse.
  const answerOverSocket = async (request: Request, env: HttpBindings | Http2Bindings) => {
    try {
      return await answer(request, env);
    } catch (error) {
      if (!(error instanceof ConnectionFault)) throw error;
      return deliverOverSocket(error.lost, env.outgoing as ServerResponse, waits);
    }
  };
  const httpServer = createAdaptorServer({
    fetch: answerOverSocket,
    overrideGlobalObjects: false,
  });
  // Node's default of 5 s lets the server close an idle connection just as a client's pool hands it
  // to the next request, which a client with retries off (as test suites often set) sees as a
  // failed call. Clients keep a connection for as long as the answer's Keep-Alive hint says, less
  // a second or two, so a long hint moves that race past any pause a test suite makes.
  (httpServer as HttpServer).keepAliveTimeout = IDLE_CONNECTION_MS;
  let url: string | undefined;
  const close = async () => {
    waits.close();
    clock.close();
    for (const module of modules) await module.close?.();
    if (!httpServer.listening) return;
    await new Promise<void>((resolve) => {
      httpServer.close(() => resolve());
      (httpServer as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    });
  };

  return {
    fetch: inProcessFetch(async (request) => answer(request), waits),
    async listen(port = 0, hostname = '127.0.0.1') {
      await new Promise<void>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, hostname, () => resolve());
      });
      const address = httpServer.address() as AddressInfo;
      url = `http://${hostname}:${address.port}`;
      return { url, port: address.port };
    },
    close,
    [Symbol.asyncDispose]: close,
    get url() {
      return url;
    },
    clock,
    faults,
    traffic: { snapshot: traffic.snapshot, reset: traffic.reset },
    reset() {
      for (const module of modules) module.reset();
      faults.clear();
      traffic.reset();
    },
    seed(data) {
      for (const module of modules)
        if (data[module.name] !== undefined) module.seed(data[module.name]);
    },
    inspect(name) {
      const module = modules.find((m) => m.name === name);
      if (!module) throw new RangeError(`unknown interface "${name}"`);
      return module.inspect();
    },
    credentials: () => Object.fromEntries(modules.map((m) => [m.name, m.credentials()])),
    openapiPaths: Object.fromEntries(
      modules.flatMap((m) => (m.openapiPath ? [[m.name, m.openapiPath]] : [])),
    ),
    basePaths: Object.fromEntries(modules.map((m) => [m.name, m.prefixes[0]])) as Record<
      InterfaceName,
      string
    >,
    docs: docs.control,
    calendar: calendar.control,
    metering: metering.control,
    mail: mail.control,
    idm: idm.control,
  };
}

/** Starts each module's background parts; when one fails, stops what started and rethrows. */
async function startModules(modules: InterfaceModule[], clock: Clock): Promise<void> {
  try {
    for (const module of modules) await module.start?.();
  } catch (error) {
    clock.close();
    for (const module of modules) await module.close?.();
    throw error;
  }
}

function isClock(value: ReferenceServerOptions['clock']): value is Clock {
  return typeof (value as Clock | undefined)?.now === 'function';
}

export type { BodyLimit } from './body-limit';
