import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Hono } from 'hono';

/**
 * Checks that an interface's OpenAPI document is a valid OpenAPI 3.1 document, for the tests of
 * every interface that publishes one. It checks the rules of the specification that a generator
 * can get wrong (required fields, unique operation ids, declared path parameters, resolvable
 * references, defined security schemes and scopes) and compiles every schema of the document as
 * JSON Schema 2020-12, the dialect OpenAPI 3.1 uses, refusing unknown keywords.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const LOCATIONS = ['query', 'header', 'path', 'cookie'];
const SCHEME_TYPES = ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'];
const DOCUMENT_ID = 'https://openapi-document.test/document.json';

/** One operation of a document: where it is, and its object. */
export interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
  operation: Json;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pointerPart(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolve(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);
}

/** Every operation of the document, in document order. */
export function documentedOperations(document: Json): DocumentedOperation[] {
  const paths = isObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(isObject(item) ? item : {})
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operationId: String((operation as Json).operationId),
        operation: operation as Json,
      })),
  );
}

/** Each `{ key: value }` of the document whose key is `schema` or a component schema, by pointer. */
function schemaPointers(node: unknown, pointer: string, found: string[]): string[] {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      schemaPointers(item, `${pointer}/${i}`, found);
    });
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${pointerPart(key)}`;
      if (key === 'schema' || pointer === '#/components/schemas') found.push(at);
      else schemaPointers(value, at, found);
    }
  }
  return found;
}

function referenceProblems(document: Json, node: unknown, problems: string[]): void {
  if (Array.isArray(node)) for (const item of node) referenceProblems(document, item, problems);
  if (!isObject(node)) return;
  if (typeof node.$ref === 'string' && resolve(document, node.$ref) === undefined) {
    problems.push(`${node.$ref} does not resolve`);
  }
  for (const value of Object.values(node)) referenceProblems(document, value, problems);
}

function documentValidator(document: Json): Ajv2020 {
  const ajv = new Ajv2020({
    strictSchema: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateFormats: false,
    allErrors: true,
  });
  // The document's own members are annotations to the validator: schemas are reached by pointer.
  for (const keyword of ['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags']) {
    ajv.addKeyword(keyword);
  }
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return ajv;
}

function schemaProblems(document: Json, problems: string[]): void {
  const ajv = documentValidator(document);
  for (const pointer of schemaPointers(document, '#', [])) {
    try {
      ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
    } catch (error) {
      problems.push(`${pointer} is not a valid JSON Schema: ${(error as Error).message}`);
    }
  }
}

function parameterProblems(entry: DocumentedOperation, problems: string[]): void {
  const at = `${entry.method} ${entry.path}`;
  const parameters = (entry.operation.parameters ?? []) as Json[];
  const seen = new Set<string>();
  for (const parameter of parameters) {
    const key = `${parameter.in} ${parameter.name}`;
    if (typeof parameter.name !== 'string') problems.push(`${at}: a parameter has no name`);
    if (!LOCATIONS.includes(parameter.in as string)) problems.push(`${at}: ${key} has a bad "in"`);
    if (seen.has(key)) problems.push(`${at}: ${key} is declared twice`);
    if (!parameter.schema && !parameter.content) problems.push(`${at}: ${key} has no schema`);
    if (parameter.in === 'path' && parameter.required !== true) {
      problems.push(`${at}: path parameter ${parameter.name} must be required`);
    }
    seen.add(key);
  }
  const templated = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const declared = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  for (const name of templated) {
    if (!declared.includes(name)) problems.push(`${at}: path parameter ${name} is not declared`);
  }
  for (const name of declared) {
    if (!templated.includes(name as string))
      problems.push(`${at}: ${name} is not in the path template`);
  }
}

function responseProblems(entry: DocumentedOperation, problems: string[]): void {
  const at = `${entry.method} ${entry.path}`;
  const responses = entry.operation.responses;
  if (!isObject(responses) || Object.keys(responses).length === 0) {
    problems.push(`${at}: no responses`);
    return;
  }
  for (const [status, response] of Object.entries(responses)) {
    if (status !== 'default' && !/^[1-5](\d\d|XX)$/.test(status)) {
      problems.push(`${at}: ${status} is not a status code`);
    }
    if (isObject(response) && !response.$ref && typeof response.description !== 'string') {
      problems.push(`${at}: response ${status} has no description`);
    }
  }
  const body = entry.operation.requestBody;
  if (
    isObject(body) &&
    !body.$ref &&
    !(isObject(body.content) && Object.keys(body.content).length)
  ) {
    problems.push(`${at}: the request body has no content`);
  }
}

function securityProblems(document: Json, entry: DocumentedOperation, problems: string[]): void {
  const schemes = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Record<
    string,
    Json
  >;
  const requirements = (entry.operation.security ?? document.security ?? []) as Json[];
  for (const requirement of requirements) {
    for (const [name, scopes] of Object.entries(requirement)) {
      const scheme = schemes[name];
      if (!scheme) {
        problems.push(`${entry.method} ${entry.path}: security scheme ${name} is not defined`);
        continue;
      }
      if (scheme.type !== 'oauth2') continue;
      const known = Object.values((scheme.flows ?? {}) as Record<string, Json>).flatMap((flow) =>
        Object.keys((flow.scopes ?? {}) as Json),
      );
      for (const scope of scopes as string[]) {
        if (!known.includes(scope)) {
          problems.push(`${entry.method} ${entry.path}: scope ${scope} is not one of ${name}'s`);
        }
      }
    }
  }
}

function schemeProblems(document: Json, problems: string[]): void {
  const schemes = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Record<
    string,
    Json
  >;
  for (const [name, scheme] of Object.entries(schemes)) {
    if (!SCHEME_TYPES.includes(scheme.type as string)) problems.push(`${name}: unknown type`);
    if (scheme.type === 'http' && typeof scheme.scheme !== 'string') {
      problems.push(`${name}: an http scheme names its scheme`);
    }
    if (scheme.type === 'oauth2') {
      const flows = (scheme.flows ?? {}) as Record<string, Json>;
      if (Object.keys(flows).length === 0) problems.push(`${name}: an oauth2 scheme has flows`);
      for (const [kind, flow] of Object.entries(flows)) {
        if (!isObject(flow.scopes)) problems.push(`${name}: the ${kind} flow has no scopes`);
        if (kind !== 'implicit' && typeof flow.tokenUrl !== 'string') {
          problems.push(`${name}: the ${kind} flow has no tokenUrl`);
        }
      }
    }
  }
}

/** What is wrong with the document as OpenAPI 3.1; empty when it is valid. */
export function openApiProblems(document: Json): string[] {
  const problems: string[] = [];
  if (typeof document.openapi !== 'string' || !/^3\.1\.\d+$/.test(document.openapi)) {
    problems.push('openapi must be 3.1.x');
  }
  const info = document.info as Json | undefined;
  if (typeof info?.title !== 'string' || typeof info.version !== 'string') {
    problems.push('info must have a title and a version');
  }
  for (const path of Object.keys((document.paths ?? {}) as Json)) {
    if (!path.startsWith('/')) problems.push(`path ${path} must start with /`);
  }
  const operations = documentedOperations(document);
  const ids = operations.map((entry) => entry.operationId);
  for (const id of new Set(ids)) {
    if (ids.filter((other) => other === id).length > 1) problems.push(`operationId ${id} twice`);
  }
  for (const entry of operations) {
    parameterProblems(entry, problems);
    responseProblems(entry, problems);
    securityProblems(document, entry, problems);
  }
  schemeProblems(document, problems);
  referenceProblems(document, document, problems);
  schemaProblems(document, problems);
  return problems;
}

/**
 * A check of real answers against the document: the body an operation answered with a status
 * must match the JSON schema the document gives for that status (or its `default`). Answers
 * without a body must be documented without content.
 */
export function answerChecker(
  document: Json,
): (operation: DocumentedOperation, status: number, body: unknown) => string[] {
  const ajv = documentValidator(document);
  return (entry, status, body) => {
    const at = `${entry.operationId} ${status}`;
    const responses = entry.operation.responses as Record<string, Json>;
    const key = String(status) in responses ? String(status) : 'default';
    const response = responses[key];
    if (!response) return [`${at}: the status is not documented`];
    if (body === undefined) {
      return response.content ? [`${at}: no body, but the document gives one`] : [];
    }
    const pointer = [
      '#/paths',
      pointerPart(entry.path),
      entry.method.toLowerCase(),
      'responses',
      key,
      'content',
      pointerPart('application/json'),
      'schema',
    ].join('/');
    const validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`);
    if (!validate) return [`${at}: no JSON schema for the answer`];
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${at}: ${error.instancePath || '(body)'} ${error.message}`,
    );
  };
}

/** `METHOD /full/path/:param` of each documented operation; `base` is the servers URL's path. */
export function documentedRoutes(document: Json, base: string): string[] {
  return Object.entries((document.paths ?? {}) as Json).flatMap(([path, item]) =>
    Object.keys(item as Json).map((method) => {
      const full = `${base}${path === '/' ? '' : path}`.replace(/\{([^}]+)\}/g, ':$1');
      return `${method.toUpperCase()} ${full}`;
    }),
  );
}

/**
 * `METHOD /full/path/:param` of each route an interface mounts with a method of its own
 * (middleware and catch-alls left out), its parameter patterns dropped, less `except`.
 */
export function mountedRoutes(routes: Hono, except: string[] = []): string[] {
  const mounted = routes.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)\{[^/]*\}/g, ':$1')}`);
  return [...new Set(mounted)].filter((route) => !except.includes(route));
}
