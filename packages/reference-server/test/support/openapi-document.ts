import type { Hono } from 'hono';

/**
 * Checks shared by the tests of every interface's OpenAPI document: that it keeps the rules of
 * OpenAPI 3.1 a generator can break, and that it lists exactly the operations the server mounts.
 */

type Json = Record<string, unknown>;

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const parameterPlaces = ['path', 'query', 'header', 'cookie'];
const schemeTypes = ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'];
const statusKey = /^([1-5](\d\d|XX)|default)$/;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function templateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** Where `#/a/b` points in the document, or undefined. */
function resolve(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

function contentProblems(where: string, content: unknown): string[] {
  if (!isObject(content) || Object.keys(content).length === 0) return [`${where}: no content`];
  return Object.entries(content).flatMap(([type, media]) =>
    isObject(media) && (isObject(media.schema) || typeof media.schema === 'boolean')
      ? []
      : [`${where} ${type}: no schema`],
  );
}

function parameterProblems(where: string, path: string, parameters: unknown): string[] {
  const list = parameters === undefined ? [] : parameters;
  if (!Array.isArray(list)) return [`${where}: parameters is not a list`];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const parameter of list as Json[]) {
    const id = `${parameter.in} ${parameter.name}`;
    if (!isText(parameter.name) || !parameterPlaces.includes(String(parameter.in))) {
      problems.push(`${where}: parameter ${id} has no name or place`);
    }
    if (seen.has(id)) problems.push(`${where}: parameter ${id} twice`);
    seen.add(id);
    if (!isObject(parameter.schema)) problems.push(`${where}: parameter ${id} has no schema`);
    if (parameter.in === 'path' && parameter.required !== true) {
      problems.push(`${where}: path parameter ${parameter.name} is not required`);
    }
  }
  const declared = (list as Json[]).filter((p) => p.in === 'path').map((p) => String(p.name));
  if (declared.sort().join() !== templateNames(path).sort().join()) {
    problems.push(`${where}: path parameters ${declared} do not match the template`);
  }
  return problems;
}

function securityProblems(where: string, security: unknown, schemes: Json): string[] {
  if (security === undefined) return [];
  if (!Array.isArray(security)) return [`${where}: security is not a list`];
  return security.flatMap((requirement: Json) =>
    Object.keys(requirement)
      .filter((name) => !isObject(schemes[name]))
      .map((name) => `${where}: security names the unknown scheme ${name}`),
  );
}

function operationProblems(where: string, path: string, operation: Json, schemes: Json): string[] {
  const problems = [
    ...parameterProblems(where, path, operation.parameters),
    ...securityProblems(where, operation.security, schemes),
  ];
  if (!isText(operation.operationId)) problems.push(`${where}: no operationId`);
  if (operation.requestBody !== undefined) {
    const body = operation.requestBody as Json;
    problems.push(...contentProblems(`${where} requestBody`, body.content));
  }
  const responses = operation.responses;
  if (!isObject(responses) || Object.keys(responses).length === 0) {
    return [...problems, `${where}: no responses`];
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!statusKey.test(status)) problems.push(`${where}: ${status} is not a status`);
    if (!isObject(response) || !isText(response.description)) {
      problems.push(`${where} ${status}: no description`);
    } else if (response.content !== undefined) {
      problems.push(...contentProblems(`${where} ${status}`, response.content));
    }
  }
  return problems;
}

function schemeProblems(schemes: Json): string[] {
  return Object.entries(schemes).flatMap(([name, scheme]) => {
    if (!isObject(scheme) || !schemeTypes.includes(String(scheme.type))) {
      return [`security scheme ${name}: no valid type`];
    }
    if (scheme.type === 'apiKey' && !(isText(scheme.name) && isText(scheme.in))) {
      return [`security scheme ${name}: an apiKey needs a name and a place`];
    }
    if (scheme.type === 'http' && !isText(scheme.scheme)) {
      return [`security scheme ${name}: an http scheme needs its scheme`];
    }
    return [];
  });
}

/**
 * What in the document breaks OpenAPI 3.1: its version and info, each path and operation
 * (operationIds unique, path parameters matching the template, responses described, bodies with
 * schemas), security schemes, and every `$ref` resolving. An empty list is a valid document.
 */
export function openApiProblems(document: Json): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(String(document.openapi))) problems.push('openapi is not 3.1.x');
  const info = document.info as Json | undefined;
  if (!isText(info?.title) || !isText(info?.version)) problems.push('info needs title and version');
  const components = (document.components ?? {}) as Json;
  const schemes = (components.securitySchemes ?? {}) as Json;
  problems.push(...schemeProblems(schemes));
  const ids = new Set<string>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Json)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    for (const [method, operation] of Object.entries(item as Json)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!httpMethods.includes(method)) {
        problems.push(`${where}: not an HTTP method`);
        continue;
      }
      problems.push(...operationProblems(where, path, operation as Json, schemes));
      const id = String((operation as Json).operationId);
      if (ids.has(id)) problems.push(`${where}: operationId ${id} is used twice`);
      ids.add(id);
    }
  }
  for (const ref of new Set(refsIn(document))) {
    if (resolve(document, ref) === undefined) problems.push(`$ref ${ref} resolves to nothing`);
  }
  return problems;
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
