import { RequestValidationError, type ValidationIssue } from '../errors/errors';
import {
  type ClientEnvironment,
  type EnvironmentCredentials,
  isGiven,
  SHARED_BASE_URL_VARIABLE,
} from './client-environment';
import { inBrowser } from './in-browser';

/** The options with what the environment filled in, and the variables each filled option came from. */
export interface ResolvedOptions {
  options: Record<string, unknown>;
  sources: Record<string, string>;
}

/**
 * A variable's value, on runtimes that have an environment (Node, Bun, Deno with `--allow-env`).
 * Browsers are never read, even where a bundler defines `process.env`; Deno without the permission
 * throws on access, which counts as no environment. An empty value counts as unset, as a shell's
 * `VAR=` is the usual way to clear one.
 */
export function environmentVariable(name: string): string | undefined {
  if (inBrowser()) return undefined;
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env;
    const value = env?.[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The options given in code, with the base URL and credentials they leave out read from the
 * environment. What code gives always wins: a credential option in code means no credential
 * variable is read at all, so a half-configured environment cannot interfere.
 */
export function withEnvironment(
  given: Record<string, unknown>,
  environment: ClientEnvironment,
  subject: string,
): ResolvedOptions {
  const options = { ...given };
  const sources: Record<string, string> = {};
  const location = ['baseUrl', ...(environment.baseUrlAlternatives ?? [])];
  if (!location.some((name) => isGiven(given, name))) {
    const variable = [environment.baseUrl, SHARED_BASE_URL_VARIABLE].find(
      (name) => environmentVariable(name) !== undefined,
    );
    if (variable) {
      options.baseUrl = environmentVariable(variable);
      sources.baseUrl = variable;
    }
  }
  if (!environment.credentialOptions.some((name) => isGiven(given, name))) {
    const found = credentialsFromEnvironment(environment.credentials, subject);
    if (found) {
      options[found.option] = found.value;
      sources[found.option] = found.variables.join(', ');
    }
  }
  return { options, sources };
}

interface FoundCredentials {
  option: string;
  value: unknown;
  variables: string[];
}

/** The one set of credential variables that is set, built into its option's value. */
function credentialsFromEnvironment(
  ways: readonly EnvironmentCredentials[],
  subject: string,
): FoundCredentials | undefined {
  const touched = ways.filter((way) =>
    Object.values(way.variables).some((name) => environmentVariable(name) !== undefined),
  );
  if (touched.length > 1) {
    const [first, second] = touched.map(
      (way) =>
        Object.values(way.variables).find((name) => environmentVariable(name) !== undefined)!,
    );
    throw new RequestValidationError(subject, [
      { path: first!, message: `and ${second} are both set: unset one of the two` },
    ]);
  }
  const way = touched[0];
  if (!way) return undefined;
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const [part, name] of Object.entries(way.variables)) {
    const value = environmentVariable(name);
    if (value === undefined) missing.push(name);
    else values[part] = value;
  }
  const variables = Object.values(way.variables);
  if (missing.length > 0) {
    const set = variables.filter((name) => !missing.includes(name));
    throw new RequestValidationError(
      subject,
      missing.map((name) => ({ path: name, message: `is required with ${set.join(', ')}` })),
    );
  }
  return { option: way.option, value: built(way, values, subject), variables };
}

function built(way: EnvironmentCredentials, values: Record<string, string>, subject: string) {
  if (!way.build) return Object.values(values)[0];
  try {
    return way.build(values);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    const issues = error.issues.map((issue) => ({
      path: way.variables[issue.path] ?? issue.path,
      message: issue.message,
    }));
    throw new RequestValidationError(subject, issues);
  }
}

/**
 * The same error with every issue about an option read from the environment naming the variable
 * instead, so that the reader knows what to fix; any other error is returned as it is.
 */
export function namingVariables(
  error: unknown,
  sources: Record<string, string>,
  subject: string,
): unknown {
  if (!(error instanceof RequestValidationError)) return error;
  let renamed = false;
  const issues: ValidationIssue[] = error.issues.map((issue) => {
    const option = Object.keys(sources).find(
      (name) => issue.path === name || issue.path.startsWith(`${name}.`),
    );
    if (option === undefined) return issue;
    renamed = true;
    return { path: `${sources[option]}${issue.path.slice(option.length)}`, message: issue.message };
  });
  if (!renamed) return error;
  return new RequestValidationError(subject, issues);
}
