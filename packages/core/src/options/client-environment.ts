import { RequestValidationError, type ValidationIssue } from '../errors/errors';
import { inBrowser } from './in-browser';

// What a client reads from the environment, and its refusal when neither its code nor the
// environment gives what it needs. environment.ts reads the variables; the browser build, which
// has no environment, replaces that module and keeps this one.

/** The variable every client reads its base URL from when its own is not set. */
export const SHARED_BASE_URL_VARIABLE = 'CLIENTKIT_BASE_URL';

/** One way to give a client's credentials through environment variables. */
export interface EnvironmentCredentials {
  /** The option they fill: `token`, `apiKey`, `auth`... */
  option: string;
  /** The variables read, each under the name `build` knows it by. */
  variables: Readonly<Record<string, string>>;
  /**
   * The option's value made of the variables' values (`basicAuth(username, password)`); without
   * it, the value of the only variable. A `RequestValidationError` it throws is reported with each
   * issue's path replaced by its variable.
   */
  build?: (values: Record<string, string>) => unknown;
}

/** What a client reads from the environment when its code leaves the options out. */
export interface ClientEnvironment {
  /** Its own base URL variable, such as `CLIENTKIT_DOCS_BASE_URL`, read before `CLIENTKIT_BASE_URL`. */
  baseUrl: string;
  /** Options that stand for `baseUrl` when given in code (calendar's `apiRoot`): none is read then. */
  baseUrlAlternatives?: readonly string[];
  /** The options that carry credentials: when code gives any of them, no credential is read. */
  credentialOptions: readonly string[];
  /** Each way to give credentials through variables; at most one may be set. */
  credentials: readonly EnvironmentCredentials[];
  /** Without credentials the client cannot work (calendar's can: it reads published records). */
  credentialsRequired: boolean;
}

/** Whether code gave the option. */
export const isGiven = (options: Record<string, unknown>, name: string) =>
  options[name] !== undefined;

/**
 * Refuses a client whose base URL or required credentials neither the code nor the environment
 * gave, saying both ways to give them (only the option in a browser, which has no environment).
 */
export function requireOptions(
  options: Record<string, unknown>,
  environment: ClientEnvironment,
  subject: string,
): void {
  const issues: ValidationIssue[] = [];
  const location = ['baseUrl', ...(environment.baseUrlAlternatives ?? [])];
  if (!location.some((name) => isGiven(options, name))) {
    issues.push(required(location, [[environment.baseUrl], [SHARED_BASE_URL_VARIABLE]]));
  }
  const credentials = environment.credentialOptions;
  if (environment.credentialsRequired && !credentials.some((name) => isGiven(options, name))) {
    const ways = environment.credentials.map((way) => Object.values(way.variables));
    issues.push(required(credentials, ways));
  }
  if (issues.length > 0) throw new RequestValidationError(subject, issues);
}

/**
 * `baseUrl is required: pass it or set CLIENTKIT_DOCS_BASE_URL or CLIENTKIT_BASE_URL`; each way
 * lists the variables that make it together.
 */
function required([option, ...alternatives]: readonly string[], ways: string[][]): ValidationIssue {
  const others = alternatives.length > 0 ? `, or ${alternatives.join(', or ')}` : '';
  const needed = `is required${others}`;
  if (inBrowser()) return { path: option!, message: needed };
  const together = (names: string[]) =>
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  const set = ways.map(together).join(ways.some((way) => way.length > 1) ? ', or ' : ' or ');
  return { path: option!, message: `${needed}: pass ${others ? 'one' : 'it'} or set ${set}` };
}
