import type { $ZodType } from 'zod/v4/core';
import type { InterfaceDescription } from './interface-description';
import { type JsonSchema, JsonSchemaWriter } from './json-schema';
import type { HttpMethod, Operation } from './operation';

/**
 * The OpenAPI 3.1 document of an interface, generated from its operation table and the schemas
 * the server validates with: what is checked is what is documented.
 */

/** The operationId of one method of an operation: methods treated alike are told apart. */
export function operationIdOf(operation: Operation<unknown>, method: HttpMethod): string {
  return operation.methods.length > 1 ? `${operation.id}.${method.toLowerCase()}` : operation.id;
}

export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

function refTo(schema: $ZodType, named: Record<string, $ZodType>): JsonSchema {
  const id = Object.keys(named).find((name) => named[name] === schema);
  if (!id) throw new Error('every schema an operation uses must be a named component');
  return { $ref: `#/components/schemas/${id}` };
}

/** An object schema that no longer refuses fields it does not name (nested objects keep their rule). */
function openAtTheTop(schema: JsonSchema): JsonSchema {
  if (schema.additionalProperties !== false) return schema;
  const { additionalProperties: _refused, ...open } = schema;
  return open;
}

/** The document's list of the operations' tags, in the order they first appear, described. */
function tagsOf(description: InterfaceDescription<unknown, unknown>): JsonSchema {
  const names = [...new Set(description.operations.flatMap((operation) => operation.tag ?? []))];
  if (names.length === 0) return {};
  return {
    tags: names.map((name) => {
      const text = description.tags[name];
      if (!text) throw new Error(`${description.title}: the tag ${name} is not described`);
      return { name, description: text };
    }),
  };
}

class DocumentWriter<Auth> {
  readonly #description: InterfaceDescription<Auth, unknown>;
  readonly #schemas: JsonSchemaWriter;

  constructor(description: InterfaceDescription<Auth, unknown>, writer: JsonSchemaWriter) {
    this.#description = description;
    this.#schemas = writer;
  }

  #parameters(operation: Operation<Auth>): JsonSchema[] {
    const path = pathParameterNames(operation.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: this.#description.pathParameters?.[name]?.schema ?? {
        type: 'string',
        minLength: 1,
      },
    }));
    if (!operation.query) return path;
    const schema = this.#schemas.of(operation.query, 'input');
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema.required ?? []) as string[];
    const query = Object.entries(properties).map(([name, property]) => ({
      name,
      in: 'query',
      required: required.includes(name),
      schema:
        operation.defaults && name in operation.defaults
          ? { ...property, default: operation.defaults[name] }
          : property,
      ...(property.type === 'array' ? { style: 'form', explode: false } : {}),
    }));
    return [...path, ...query];
  }

  #responses(operation: Operation<Auth>): JsonSchema {
    const { components } = this.#description;
    const errorBody = operation.errorBody ?? this.#description.errorBody;
    const error = { 'application/json': { schema: refTo(errorBody, components.responses) } };
    const responses: JsonSchema = {};
    for (const [status, description] of Object.entries(operation.success)) {
      responses[status] = {
        description,
        ...(operation.response && status !== '204' && status !== '205'
          ? {
              content: {
                'application/json': { schema: refTo(operation.response, components.responses) },
              },
            }
          : {}),
      };
    }
    for (const [status, description] of Object.entries(operation.errors ?? {})) {
      responses[status] = { description, content: error };
    }
    responses.default = { description: 'An error', content: error };
    return responses;
  }

  operation(operation: Operation<Auth>, method: HttpMethod): JsonSchema {
    const parameters = this.#parameters(operation);
    const bodyTypes = operation.bodyTypes ??
      this.#description.checks.bodyTypes ?? ['application/json'];
    const body = operation.body
      ? refTo(operation.body, this.#description.components.requests)
      : undefined;
    return {
      operationId: operationIdOf(operation, method),
      summary: operation.summary,
      ...(operation.tag ? { tags: [operation.tag] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(bodyTypes.map((type) => [type, { schema: body }])),
            },
          }
        : {}),
      responses: this.#responses(operation),
      security: this.#description.security(operation.auth),
    };
  }

  #requestSchemas(): Record<string, JsonSchema> {
    const { components, checks } = this.#description;
    const schemas = this.#schemas.components(components.requests, 'input');
    if (!checks.dropsUnknownBodyFields) return schemas;
    return Object.fromEntries(
      Object.entries(schemas).map(([id, schema]) => [id, openAtTheTop(schema)]),
    );
  }

  document(): JsonSchema {
    const { description } = this;
    const paths: Record<string, JsonSchema> = {};
    for (const operation of description.operations) {
      const entry = (paths[operation.path] ??= {});
      for (const method of operation.methods) {
        entry[method.toLowerCase()] = this.operation(operation, method);
      }
    }
    return {
      openapi: '3.1.0',
      info: {
        title: description.title,
        version: description.version,
        description: description.description,
        // The documents are written by this package, under its license.
        license: { name: 'MIT', identifier: 'MIT' },
      },
      ...tagsOf(description),
      paths,
      components: {
        schemas: {
          ...this.#schemas.components(description.components.responses, 'output'),
          ...this.#requestSchemas(),
        },
        securitySchemes: description.securitySchemes,
      },
    };
  }

  get description(): InterfaceDescription<Auth, unknown> {
    return this.#description;
  }
}

/**
 * A function answering the interface's document for a server URL (the origin and base path the
 * caller reached). The document is built once; only `servers` changes with the caller's origin.
 */
export function openApiPublisher<Auth>(
  description: InterfaceDescription<Auth, unknown>,
  writer: JsonSchemaWriter = new JsonSchemaWriter(),
): (serverUrl: string) => JsonSchema {
  let built: JsonSchema | undefined;
  return (serverUrl) => {
    built ??= new DocumentWriter(description, writer).document();
    return { ...built, servers: [{ url: serverUrl }] };
  };
}
