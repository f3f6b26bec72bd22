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

/**
 * A logger that drops messages below `level`. Callers pass only redacted details; a message
 * without details is passed on alone, so that `console` does not print `undefined` after it.
 */
export function leveledLogger(logger: Logger, level: LogLevel): Logger {
  const at =
    (severity: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: Record<string, unknown>) => {
      if (rank[severity] < rank[level]) return;
      if (details) logger[severity](message, details);
      else logger[severity](message);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Every level, from the most verbose to `off`. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];
