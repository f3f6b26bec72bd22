// @ts-check
import { calendar } from '@clientkit/contracts/calendar';
import { docs } from '@clientkit/contracts/docs';
import { idm } from '@clientkit/contracts/idm';
import { mail } from '@clientkit/contracts/mail';
import { metering } from '@clientkit/contracts/metering';
import { createReferenceServer } from '@clientkit/reference-server';
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** @typedef {import('typedoc').CommentDisplayPart} Part */
/** @typedef {import('typedoc').DeclarationReflection} Declaration */

const contracts = { docs, calendar, metering, mail, idm };

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
    text: `@clientkit/core!${name} | ${name}`,
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
 * The error statuses each operation answers, with what each means there, read from the OpenAPI
 * documents the reference server publishes: the server is where the statuses of an interface are
 * written down, and its documents are what the clients' users can read too.
 *
 * @returns {Promise<Map<string, Map<string, Map<number, string>>>>} interface, operation id, status
 */
async function errorStatuses() {
  const server = await createReferenceServer({ logError: () => {} });
  try {
    /** @type {Map<string, Map<string, Map<number, string>>>} */
    const byInterface = new Map();
    for (const [name, path] of Object.entries(server.openapiPaths)) {
      const answer = await server.fetch(new Request(`http://127.0.0.1${path}`));
      const document = /** @type {{ paths: Record<string, Record<string, any>> }} */ (
        await answer.json()
      );
      const operations = contracts[/** @type {keyof typeof contracts} */ (name)].operations;
      /** @type {Map<string, Map<number, string>>} */
      const byOperation = new Map();
      for (const item of Object.values(document.paths)) {
        for (const [method, described] of Object.entries(item)) {
          // An operation that takes several methods has one document entry per method:
          // `events.update.put`, `events.update.post`... Their statuses add up.
          const suffix = `.${method}`;
          const id = described.operationId?.endsWith(suffix)
            ? described.operationId.slice(0, -suffix.length)
            : described.operationId;
          const operation = id in operations ? id : described.operationId;
          if (!(operation in operations)) continue;
          const statuses = byOperation.get(operation) ?? new Map();
          for (const [status, response] of Object.entries(described.responses ?? {})) {
            if (Number(status) >= 400) statuses.set(Number(status), response.description ?? '');
          }
          byOperation.set(operation, statuses);
        }
      }
      byInterface.set(name, byOperation);
    }
    return byInterface;
  } finally {
    await server.close();
  }
}

/**
 * What an operation's method can throw: the input check first, then each error status its
 * interface documents for it, then what any call can meet (a server failure, no answer, the
 * caller's abort, an answer that breaks its schema when responses are checked).
 *
 * @param {Map<number, string>} statuses
 * @param {boolean} answers whether a success answer has a body that response checks read
 */
function throwsOf(statuses, answers) {
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
      'when no answer arrives (the connection failed or was reset), once the retries are spent.',
    ),
    throwsTag('APITimeoutError', 'when no answer arrives within the `timeout` of an attempt.'),
    throwsTag('APIUserAbortError', 'when the `signal` of the request options aborts.'),
  );
  if (answers) {
    tags.push(
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
  const statuses = await errorStatuses();
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    const name = /^@clientkit\/(\w+)-client$/.exec(project.packageName ?? '')?.[1];
    const contract = contracts[/** @type {keyof typeof contracts} */ (name)];
    if (!name || !contract) return;
    const client = project
      .getReflectionsByKind(ReflectionKind.Class)
      .find((reflection) => reflection.name.toLowerCase() === `${name}client`);
    if (!client) throw new Error(`${project.packageName}: no ${name} client class`);
    const methods = methodsByName(/** @type {Declaration} */ (client), '', new Map());
    for (const [id, operation] of Object.entries(contract.operations)) {
      const method = methods.get(operation.sdk);
      const documented = statuses.get(name)?.get(id);
      if (!method?.kindOf(ReflectionKind.Method) || !documented) continue;
      for (const signature of method.signatures ?? []) {
        signature.comment ??= new Comment();
        signature.comment.blockTags.push(...throwsOf(documented, operation.response !== undefined));
      }
    }
  });
}
