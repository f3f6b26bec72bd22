import { environmentVariable } from '../options/environment';

/** The options that say where and how much a client logs. */
export interface LogOptions {
  logger?: Logger | undefined;
  logLevel?: LogLevel | undefined;
}

/** Where a client writes what it does; `console` fits, as do pino and winston loggers. */
export interface Logger {
  /** Each attempt and each answer, with its status and duration. */
  debug(message: string, details?: Record<string, unknown>): void;
  /** Retries, and why. */
  info(message: string, details?: Record<string, unknown>): void;
  /** Something the application should know about. */
  warn(message: string, details?: Record<string, unknown>): void;
  /** A failure. */
  error(message: string, details?: Record<string, unknown>): void;
}

/** The least severe level that is written; `off` writes nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

/** A logger that drops messages below `level`. Callers pass only redacted details. */
export function leveledLogger(logger: Logger, level: LogLevel): Logger {
  const at =
    (severity: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: Record<string, unknown>) => {
      if (rank[severity] >= rank[level]) logger[severity](message, details);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Every level, from the most verbose to `off`. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

/** `CLIENTKIT_LOG` on runtimes that have an environment (Node, Bun, Deno with access); never in browsers. */
function environmentLevel(): LogLevel | undefined {
  const value = environmentVariable('CLIENTKIT_LOG');
  return LOG_LEVELS.includes(value as LogLevel) ? (value as LogLevel) : undefined;
}

/**
 * The level a client logs at, or undefined when it writes nothing: the `logLevel` option, else
 * `CLIENTKIT_LOG`, else `warn` when a logger is given.
 */
export function logLevelOf(options: LogOptions): Exclude<LogLevel, 'off'> | undefined {
  const level = options.logLevel ?? environmentLevel() ?? (options.logger ? 'warn' : undefined);
  return level === 'off' ? undefined : level;
}
