import type { ErrorObject } from 'ajv/dist/2020.js';
import { escapePointer, resolveRef } from './document-operations';
import { documentAjv } from './schema-validator';

/** The parts of an OpenAPI 3.1 document the response checks read. */
export interface OpenApiDocument {
  /** Where the paths are served; a path item may name its own. */
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}

/** Where each operation's JSON response schema sits in the document, per status. */
function responsePointers(document: OpenApiDocument): Map<string, string> {
  const pointers = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      const operation = value as OperationObject;
      if (!operation?.operationId || !operation.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const base = response.$ref
          ? response.$ref
          : `#/paths/${escapePointer(path)}/${method}/responses/${status}`;
        const target = (response.$ref ? resolveRef(document, response.$ref) : response) as
          | ResponseObject
          | undefined;
        if (!target?.content?.['application/json']?.schema) continue;
        pointers.set(
          `${operation.operationId} ${status}`,
          `${base}/content/application~1json/schema`,
        );
      }
    }
  }
  return pointers;
}

/**
 * What a response check found: nothing when the body fits, else each problem on one line. A
 * `partial` body holds only some of its fields (WordPress's `_fields`): missing ones are not
 * problems, the fields present are checked. `statusOnly` checks that the status is declared (an
 * answer to HEAD has no body).
 */
export type ResponseCheck = (
  operationId: string,
  status: number,
  body: unknown,
  options?: { partial?: boolean; statusOnly?: boolean },
) => string[];

/**
 * A checker of response bodies against the JSON schemas an OpenAPI 3.1 document declares for each
 * operation and status. A status the document declares without a JSON body must come without one.
 */
export function responseChecker(document: OpenApiDocument, name: string): ResponseCheck {
  const ajv = documentAjv(document, name, { allErrors: true });
  const pointers = responsePointers(document);
  const declared = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const value of Object.values(item)) {
      const operation = value as OperationObject;
      for (const status of Object.keys(operation?.responses ?? {}))
        declared.add(`${operation.operationId} ${status}`);
    }
  }
  return (operationId, status, body, options = {}) => {
    const exact = `${operationId} ${status}`;
    // A status the operation does not name falls to its `default` response, when it has one.
    const key = declared.has(exact) ? exact : `${operationId} default`;
    if (!declared.has(key)) return [`${exact} is not declared in ${name}`];
    if (options.statusOnly) return [];
    const pointer = pointers.get(key);
    if (!pointer)
      return body === undefined || body === null || body === '' ? [] : [`${key} declares no body`];
    const validate = ajv.getSchema(`${name}${pointer}`);
    if (!validate) return [`${key}: no schema at ${pointer}`];
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .filter((error) => !(options.partial && error.keyword === 'required'))
      .map(describeError);
  };
}

function describeError(error: ErrorObject): string {
  return `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${
    error.keyword === 'required' ? '' : ` ${JSON.stringify(error.params)}`
  }`;
}
