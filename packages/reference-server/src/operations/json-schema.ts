import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of schemas the generator cannot read (custom checks), kept by the server next to
 * the contract rather than in it: the clients have no use for them.
 */
export const jsonSchemaHints = new WeakMap<object, JsonSchema>();

const jsonSchemaHint = (schema: unknown) => jsonSchemaHints.get(schema as object);
export type Io = 'input' | 'output';

/**
 * Turns the clients' zod schemas into JSON Schema (draft 2020-12, as OpenAPI 3.1 uses).
 *
 * Custom checks and refinements are opaque to the generator. A schema registered with a hint
 * (`jsonSchemaHints`) is documented as the hint says; among the other custom checks, one that
 * accepts `false` is documented as `false` (no image), one that accepts `[]` as an empty array (no
 * venue), and the rest as `fallback`, which each interface gives for its own custom checks.
 */
export class JsonSchemaWriter {
  readonly #fallback: JsonSchema;

  constructor(fallback: JsonSchema = {}) {
    this.#fallback = fallback;
  }

  #override = (context: { zodSchema: unknown; jsonSchema: JsonSchema }): void => {
    const def = (
      context.zodSchema as { _zod: { def: { type: string; fn?: (v: unknown) => unknown } } }
    )._zod.def;
    const hint = jsonSchemaHint(context.zodSchema);
    if (hint) Object.assign(context.jsonSchema, hint);
    if (def.type !== 'custom' || hint) return;
    if (def.fn?.(false) === true) Object.assign(context.jsonSchema, { const: false });
    // An empty list; `items` adds nothing, but an array schema without one reads as a mistake.
    else if (def.fn?.([]) === true)
      Object.assign(context.jsonSchema, { type: 'array', maxItems: 0, items: {} });
    else Object.assign(context.jsonSchema, this.#fallback);
  };

  #options(io: Io) {
    return {
      io,
      unrepresentable: 'any',
      override: this.#override,
      target: 'draft-2020-12',
    } as const;
  }

  /** One schema, inline. */
  of(schema: $ZodType, io: Io): JsonSchema {
    return withoutMeta(z.toJSONSchema(schema, this.#options(io)) as JsonSchema);
  }

  /** Named schemas as OpenAPI components, referring to each other by `#/components/schemas/<name>`. */
  components(named: Record<string, $ZodType>, io: Io): Record<string, JsonSchema> {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
    const { schemas } = z.toJSONSchema(registry, {
      ...this.#options(io),
      uri: (id) => `#/components/schemas/${id}`,
    }) as { schemas: Record<string, JsonSchema> };
    return Object.fromEntries(
      Object.entries(schemas).map(([id, schema]) => [id, withoutMeta(schema)]),
    );
  }
}

function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}
