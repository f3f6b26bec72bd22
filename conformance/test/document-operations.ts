import type { OpenApiDocument } from './openapi-responses';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export type JsonSchema = Record<string, unknown>;

/** A parameter of an operation, with where its schema sits in the document. */
export interface DocumentParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
  /** The JSON pointer of its schema, for a validator that has the whole document. */
  pointer: string;
}

/** An operation as a request generator reads it from a document. */
export interface DocumentOperation {
  operationId: string;
  method: string;
  /** The path template, relative to the document's server URL. */
  path: string;
  parameters: DocumentParameter[];
  /** The request body's media types in the document's order, its schema and where it sits. */
  body?: { types: string[]; schema: JsonSchema; pointer: string };
  /** The alternatives of the security requirement; `{}` stands for "no credentials". */
  security: Record<string, string[]>[];
  /** The statuses the operation names (`default` left out). */
  statuses: string[];
}

/** The JSON pointer of a path segment (RFC 6901: `~` then `/` are escaped). */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a local `$ref` (`#/components/...`) of a document. */
export function resolveRef(document: OpenApiDocument, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], document);
}

/** A schema with its `$ref`s followed until one is not a reference. */
export function resolved(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops += 1) {
    current = resolveRef(document, current.$ref) as JsonSchema;
  }
  return current;
}

interface RawOperation {
  operationId?: string;
  parameters?: Omit<DocumentParameter, 'pointer'>[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

function operationOf(
  document: OpenApiDocument,
  path: string,
  method: string,
  raw: RawOperation,
): DocumentOperation {
  const base = `#/paths/${escapePointer(path)}/${method}`;
  const content = raw.requestBody?.content ?? {};
  const types = Object.keys(content);
  const first = types[0];
  return {
    operationId: raw.operationId!,
    method: method.toUpperCase(),
    path,
    parameters: (raw.parameters ?? []).map((parameter, index) => ({
      ...parameter,
      required: parameter.required === true,
      pointer: `${base}/parameters/${index}/schema`,
    })),
    ...(first && content[first]?.schema
      ? {
          body: {
            types,
            schema: resolved(document, content[first].schema),
            pointer: `${base}/requestBody/content/${escapePointer(first)}/schema`,
          },
        }
      : {}),
    security: raw.security ?? (document as { security?: [] }).security ?? [],
    statuses: Object.keys(raw.responses ?? {}).filter((status) => status !== 'default'),
  };
}

/** Every operation of a document, in the document's order. */
export function documentOperations(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => (item[method] as RawOperation | undefined)?.operationId).map(
      (method) => operationOf(document, path, method, item[method] as RawOperation),
    ),
  );
}
