import type { SecretValues } from '../redaction/secret-values';

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
 * A logger that drops messages below `level`, and scrubs the client's secrets by value from each
 * line it writes (only then: a dropped line costs nothing). Callers pass details already redacted
 * by pattern and schema. A message without details is passed on alone, so that `console` does not
 * print `undefined` after it.
 */
export function leveledLogger(logger: Logger, level: LogLevel, secrets?: SecretValues): Logger {
  const at =
    (severity: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: Record<string, unknown>) => {
      if (rank[severity] < rank[level]) return;
      const line = secrets ? secrets.scrub(message) : message;
      const data = secrets ? (secrets.scrubData(details) as typeof details) : details;
      if (data) logger[severity](line, data);
      else logger[severity](line);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Every level, from the most verbose to `off`. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];
