import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AdminTable } from './admin/table';
import type { BodyLimit } from './body-limit';
import type { Clock } from './clock';
import type { ApiProblem } from './problem';

/** The five interfaces the reference server speaks. */
export type InterfaceName = 'docs' | 'calendar' | 'metering' | 'mail' | 'idm';

/** What every interface gets from the server that hosts it. */
export interface ServerContext {
  clock: Clock;
  /** Identity management tenant kind: page-size maxima are 50 (public) or 100 (private). */
  tenant: 'public' | 'private';
  /** Where handler failures and background problems are reported. */
  logError(message: string, error?: unknown): void;
  /** The origin the server listens on (`http://127.0.0.1:4010`), once it does. */
  origin?(): string | undefined;
}

/**
 * One interface, as a pluggable part of the reference server. The server mounts `routes`, turns
 * every ApiProblem raised under one of `prefixes` into `error(...)`, and mounts the `admin` table
 * under `/__admin/<name>`.
 */
export interface InterfaceModule {
  name: InterfaceName;
  /** Path prefixes this interface answers under; requests under them get its error format. */
  prefixes: string[];
  /**
   * The largest request body the interface takes and its 413 refusal; the server applies it under
   * the prefixes, before any route reads the body.
   */
  bodyLimit: BodyLimit;
  /**
   * Where the interface serves its OpenAPI 3.1 document (a full path on the origin), generated from
   * the same operation table that mounts its routes.
   */
  openapiPath?: string;
  /**
   * The header the modelled service sends its request id in, when it is not `x-request-id`: the
   * server then sends the same id in both.
   */
  requestIdHeader?: string;
  /** The routes, with their full paths (mounted at `/`). */
  routes: Hono;
  /**
   * Conventions of the interface's protocol around every answer under its prefixes: it runs before
   * injected faults and body limits, so it sees their refusals too (WordPress's REST Link header).
   */
  middleware?: MiddlewareHandler;
  /** Link header values the site's front page (`GET /`) carries for this interface. */
  frontPageLinks?(origin: string): string[];
  /** The interface's own error response for a problem. */
  error(c: Context, problem: ApiProblem): Response;
  /** Back to the seed data. */
  reset(): void;
  /** Replaces the state with the given seed data (the shape `inspect()` returns). */
  seed(data: unknown): void;
  /**
   * Keeps the state as it is now and returns what puts it back: writes whose answer is not a
   * success are undone with it. Interfaces that record refusals too (a request log) leave it out.
   */
  snapshot?(): () => void;
  /** A snapshot of the state, for tests and the admin routes. */
  inspect(): unknown;
  /** The development credentials, printed by the CLI. */
  credentials(): Record<string, string>;
  /**
   * The interface's admin operations and their handlers, declared like its public operations;
   * the admin routes mount them under `/__admin/<name>` when admin routes are on.
   */
  admin?: AdminTable;
  /** Starts background parts (listeners). */
  start?(): Promise<void>;
  /** Stops background parts. */
  close?(): Promise<void>;
}
