// @ts-check
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** @typedef {import('typedoc').CommentDisplayPart} Part */
/** @typedef {import('typedoc').DeclarationReflection} Declaration */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The class core raises for an error status; a status without one of its own is an `APIError`. */
const ERROR_CLASS_BY_STATUS = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  409: 'ConflictError',
  410: 'GoneError',
  413: 'PayloadTooLargeError',
  422: 'UnprocessableEntityError',
  429: 'RateLimitError',
};

/**
 * A link to one of core's error classes, resolved like a `{@link}` written in the source.
 *
 * @param {string} name
 */
function link(name) {
  return /** @type {Part} */ ({
    kind: 'inline-tag',
    tag: '@link',
    text: `@clientkit/core!index.${name} | ${name}`,
  });
}

/**
 * One `@throws` block: the error class, then when.
 *
 * @param {string} name
 * @param {string} when
 */
function throwsTag(name, when) {
  return new CommentTag('@throws', [link(name), { kind: 'text', text: ` ${when}` }]);
}

/**
 * The documented errors of every client method bound to an operation (see error-statuses.ts). It
 * runs the reference server from the sources, bundled by esbuild as `pnpm serve` does, so that the
 * reference needs no build of the packages.
 *
 * @returns {Promise<import('./error-statuses').ErrorsByMethod>}
 */
async function documentedErrors() {
  const outdir = await mkdtemp(join(tmpdir(), 'clientkit-api-reference-'));
  try {
    const outfile = join(outdir, 'error-statuses.mjs');
    const core = JSON.parse(await readFile(join(root, 'packages/core/package.json'), 'utf8'));
    await build({
      entryPoints: [join(root, 'api-reference/error-statuses.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      tsconfig: join(root, 'tsconfig.base.json'),
      define: { __CLIENTKIT_VERSION__: JSON.stringify(core.version) },
      // Bundled CommonJS dependencies (the SMTP server) still call require() for Node's modules.
      banner: {
        js: "import { createRequire as __ckRequire } from 'node:module'; const require = __ckRequire(import.meta.url);",
      },
      logLevel: 'warning',
    });
    /** @type {typeof import('./error-statuses')} */
    const { errorsByMethod } = await import(pathToFileURL(outfile).href);
    return await errorsByMethod();
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

/**
 * What an operation's method can throw: the input check first, then each error status its
 * interface documents for it, then what any call can meet (a server failure, no answer, the
 * caller's abort, an answer that breaks its schema when responses are checked).
 *
 * @param {import('./error-statuses').MethodErrors} errors
 */
function throwsOf({ statuses, answers }) {
  const tags = [
    throwsTag(
      'RequestValidationError',
      "before anything is sent, when an argument or option breaks a rule of the operation's input.",
    ),
  ];
  for (const [status, meaning] of [...statuses].sort(([a], [b]) => a - b)) {
    const name = ERROR_CLASS_BY_STATUS[/** @type {keyof typeof ERROR_CLASS_BY_STATUS} */ (status)];
    const said = meaning ? `: ${meaning.replace(/\.?$/, '.')}` : '.';
    tags.push(throwsTag(name ?? 'APIError', `when the interface answers ${status}${said}`));
  }
  tags.push(
    throwsTag('InternalServerError', 'when the interface answers 5xx, once the retries are spent.'),
    throwsTag(
      'APIConnectionError',
      'when no whole answer arrives (the connection failed or was reset, or the body broke off), once the retries are spent, or the answer is a redirect the client does not follow (to another origin, of a write, a loop).',
    ),
    throwsTag(
      'APITimeoutError',
      'when no whole answer arrives within the `timeout` of an attempt (a body that stalled included).',
    ),
    throwsTag('APIUserAbortError', 'when the `signal` of the request options aborts.'),
    throwsTag(
      'APIResponseTooLargeError',
      'when the answer is larger than `maxResponseBytes` (default 32 MiB).',
    ),
  );
  if (answers) {
    tags.push(
      throwsTag(
        'APIResponseParseError',
        'when a success answer is not the JSON it promises: it does not parse, it is HTML, or it is empty.',
      ),
      throwsTag(
        'APIResponseValidationError',
        'with `validateResponses: true`, when the answer does not match its schema.',
      ),
    );
  }
  return tags;
}

/**
 * The methods a client's users call, by the name the contract gives each (`spaces.git.import`):
 * the client class's own methods, then those of every resource its properties hold, at any depth.
 *
 * @param {Declaration} owner
 * @param {string} prefix
 * @param {Map<string, Declaration>} found
 */
function methodsByName(owner, prefix, found) {
  for (const member of owner.children ?? []) {
    if (member.kindOf(ReflectionKind.Method)) found.set(`${prefix}${member.name}`, member);
    if (!member.kindOf(ReflectionKind.Property) || member.type?.type !== 'reference') continue;
    const target = member.type.reflection;
    if (target?.kindOf(ReflectionKind.ClassOrInterface) && !found.has(`${prefix}${member.name}`)) {
      found.set(`${prefix}${member.name}`, member);
      methodsByName(/** @type {Declaration} */ (target), `${prefix}${member.name}.`, found);
    }
  }
  return found;
}

/**
 * Every client method bound to an operation lists what it can throw: core's error classes, by the
 * statuses the interface documents for that operation. Written out on some 80 methods, the list
 * would drift from the server's documents; derived here, it follows them. Methods that are not
 * bound to one operation (the `request` and `paginate` escape hatches...) carry their own
 * `@throws` in the source.
 *
 * @param {import('typedoc').Application} app
 */
export async function load(app) {
  const documented = await documentedErrors();
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    const name = /^@clientkit\/(\w+)-client$/.exec(project.packageName ?? '')?.[1];
    const errors = name ? documented[name] : undefined;
    if (!name || !errors) return;
    const client = project
      .getReflectionsByKind(ReflectionKind.Class)
      .find((reflection) => reflection.name.toLowerCase() === `${name}client`);
    if (!client) throw new Error(`${project.packageName}: no ${name} client class`);
    const methods = methodsByName(/** @type {Declaration} */ (client), '', new Map());
    for (const [sdk, method] of methods) {
      if (!method.kindOf(ReflectionKind.Method) || !errors[sdk]) continue;
      for (const signature of method.signatures ?? []) {
        signature.comment ??= new Comment();
        signature.comment.blockTags.push(...throwsOf(errors[sdk]));
      }
    }
  });
}
