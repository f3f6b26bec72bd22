import { LOG_LEVELS, type Logger, type LogLevel } from '../observability/logger';
import { environmentVariable } from './environment';

/** The options that say where and how much a client logs. */
export interface LogOptions {
  logger?: Logger | undefined;
  logLevel?: LogLevel | undefined;
}

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
