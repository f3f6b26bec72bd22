import { sample } from 'openapi-sampler';
import { type DocumentOperation, type JsonSchema, resolved } from './document-operations';
import type { OpenApiDocument } from './openapi-responses';
import type { SchemaCheck } from './schema-validator';

/** One request made from an operation of a document. */
export interface GeneratedRequest {
  /** `valid`, or the rule of the document the request breaks, naming the field. */
  label: string;
  /** The kind of rule it breaks, for a summary: `missing required`, `wrong type`, ... */
  kind: BreachKind | 'valid';
  method: string;
  /** The path with its parameters filled in, relative to the document's server URL. */
  path: string;
  query: Record<string, unknown>;
  body?: { type: string; value: unknown };
}

/** What the generator cannot read from the document: values that only the running server knows. */
export interface KnownValues {
  /** A value for each path parameter (a record that exists). */
  path: Record<string, string>;
  /** Values for body and query fields that name the caller rather than data (idm's `audience`). */
  fields: Record<string, unknown>;
}

export type BreachKind =
  | 'missing required'
  | 'wrong type'
  | 'over maxLength'
  | 'over maximum'
  | 'unknown field'
  | 'unknown credentials';

/** The name of a field nobody declares, for documents that refuse unknown fields. */
export const UNKNOWN_FIELD = 'contractUnknownField';

// openapi-sampler is deterministic: the same schema gives the same value on every run, so the
// requests need no seed.
const SAMPLER_OPTIONS = { skipReadOnly: true, skipNonRequired: true, quiet: true } as const;

function sampled(schema: JsonSchema, document: OpenApiDocument): unknown {
  return sample(schema as never, SAMPLER_OPTIONS, document);
}

/** The JSON types a schema allows, looking through `anyOf` and `oneOf` branches. */
function typesOf(schema: JsonSchema, document: OpenApiDocument): string[] {
  const own = resolved(document, schema);
  const types = Array.isArray(own.type) ? own.type : own.type ? [own.type] : [];
  const branches = [...((own.anyOf as JsonSchema[]) ?? []), ...((own.oneOf as JsonSchema[]) ?? [])];
  return [...types, ...branches.flatMap((branch) => typesOf(branch, document))] as string[];
}

/** A value of a JSON type the schema does not allow, or undefined when it allows every one. */
function wrongTypeValue(types: string[]): unknown {
  if (types.length === 0) return undefined;
  if (!types.includes('integer') && !types.includes('number')) return 12345;
  if (!types.includes('string')) return 'not-a-number';
  if (!types.includes('boolean')) return true;
  return undefined;
}

/** The smallest bound of one keyword among a schema and its branches. */
function boundOf(
  schema: JsonSchema,
  keyword: string,
  document: OpenApiDocument,
): number | undefined {
  const own = resolved(document, schema);
  const branches = [...((own.anyOf as JsonSchema[]) ?? []), ...((own.oneOf as JsonSchema[]) ?? [])];
  const bounds = [own[keyword], ...branches.map((branch) => boundOf(branch, keyword, document))];
  const numbers = bounds.filter((bound): bound is number => typeof bound === 'number');
  return numbers.length > 0 ? Math.min(...numbers) : undefined;
}

/** A field and the value that breaks one rule of its schema. */
interface Breach {
  kind: BreachKind;
  rule: string;
  name: string;
  value: unknown;
}

/** The field with the tightest bound of a keyword, and the bound: the smallest value that breaks it. */
function tightest(
  fields: [string, JsonSchema][],
  keyword: string,
  document: OpenApiDocument,
): [string, number] | undefined {
  const bounded = fields
    .map(([name, schema]) => [name, boundOf(schema, keyword, document)] as const)
    .filter((entry): entry is [string, number] => entry[1] !== undefined);
  bounded.sort((a, b) => a[1] - b[1]);
  return bounded[0];
}

/**
 * One breach of each kind the fields allow: a wrong type, a string over its maxLength, a number
 * over its maximum. Candidates only: the caller keeps those the document's schema refuses.
 */
function breachesOf(fields: [string, JsonSchema][], document: OpenApiDocument): Breach[] {
  const breaches: Breach[] = [];
  for (const [name, schema] of fields) {
    const value = wrongTypeValue(typesOf(schema, document));
    if (value === undefined) continue;
    breaches.push({
      kind: 'wrong type',
      rule: `"${name}" of a wrong type (${JSON.stringify(value)})`,
      name,
      value,
    });
    break;
  }
  const long = tightest(fields, 'maxLength', document);
  // A string near the body size limit would be refused for its size (413), not for its rule.
  if (long && long[1] <= 100_000)
    breaches.push({
      kind: 'over maxLength',
      rule: `"${long[0]}" over its maxLength of ${long[1]}`,
      name: long[0],
      value: 'x'.repeat(long[1] + 1),
    });
  const large = tightest(fields, 'maximum', document);
  // Past 2^53 one more is not a different number in JSON.
  if (large && Number.isSafeInteger(large[1] + 1))
    breaches.push({
      kind: 'over maximum',
      rule: `"${large[0]}" over its maximum of ${large[1]}`,
      name: large[0],
      value: large[1] + 1,
    });
  return breaches;
}

/** The query string of a request: arrays as `a,b` (form style, not exploded), as the documents say. */
export function queryString(request: Pick<GeneratedRequest, 'query'>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    search.set(name, Array.isArray(value) ? value.map(String).join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Requests made from one operation of a document: one it accepts (its required parameters and
 * body fields, sampled from their schemas, with the values only the server knows filled in), then
 * one for each rule of the document a request can break (a missing required field, a wrong type,
 * a string over maxLength, a number over maximum, an unknown field where additionalProperties is
 * false), each checked against the document's own schema so that it truly breaks the rule.
 */
export class RequestGenerator {
  readonly #document: OpenApiDocument;
  readonly #valid: SchemaCheck;

  constructor(document: OpenApiDocument, valid: SchemaCheck) {
    this.#document = document;
    this.#valid = valid;
  }

  /** The path with the values given; a parameter without one stays a template (`{id}`). */
  #pathOf(operation: DocumentOperation, values: Record<string, string>): string {
    return operation.path.replace(/\{(\w+)\}/g, (template, name: string) => {
      const value = values[name];
      return value === undefined ? template : encodeURIComponent(value);
    });
  }

  #query(operation: DocumentOperation, known: KnownValues): Record<string, unknown> {
    const query: Record<string, unknown> = {};
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query') continue;
      if (parameter.name in known.fields) query[parameter.name] = known.fields[parameter.name];
      else if (parameter.required)
        query[parameter.name] = sampled(parameter.schema, this.#document);
    }
    return query;
  }

  /**
   * The smallest body the document accepts: its required fields, then, where a rule asks for more
   * (at least one field of a change), the first optional field that makes it valid.
   */
  #body(operation: DocumentOperation, known: KnownValues): unknown {
    const { schema, pointer } = operation.body!;
    const value = sampled(schema, this.#document);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const fields = Object.entries(known.fields).filter(([name]) => name in properties);
    const required = { ...(value as Record<string, unknown>), ...Object.fromEntries(fields) };
    if (this.#valid(pointer, required)) return required;
    for (const [name, property] of Object.entries(properties)) {
      if (name in required) continue;
      const more = { ...required, [name]: sampled(property, this.#document) };
      if (this.#valid(pointer, more)) return more;
    }
    throw new Error(`${operation.operationId}: no body sampled from the document fits its schema`);
  }

  /** The request the document accepts. */
  valid(operation: DocumentOperation, known: KnownValues): GeneratedRequest {
    const body = operation.body ? this.#body(operation, known) : undefined;
    return {
      label: 'valid',
      kind: 'valid',
      method: operation.method,
      path: this.#pathOf(operation, known.path),
      query: this.#query(operation, known),
      ...(operation.body ? { body: { type: operation.body.types[0]!, value: body } } : {}),
    };
  }

  /** One request for each rule of the document that a request to this operation can break. */
  invalid(operation: DocumentOperation, known: KnownValues): GeneratedRequest[] {
    const valid = this.valid(operation, known);
    return [
      ...this.#pathBreaches(operation, known, valid),
      ...this.#queryBreaches(operation, valid),
      ...this.#bodyBreaches(operation, valid),
    ];
  }

  #pathBreaches(
    operation: DocumentOperation,
    known: KnownValues,
    valid: GeneratedRequest,
  ): GeneratedRequest[] {
    return operation.parameters
      .filter((parameter) => parameter.in === 'path')
      .filter((parameter) => !this.#valid(parameter.pointer, 'not-a-number'))
      .slice(0, 1)
      .map((parameter) => ({
        ...valid,
        label: `path parameter "${parameter.name}" of a wrong type ("not-a-number")`,
        kind: 'wrong type' as const,
        path: this.#pathOf(operation, { ...known.path, [parameter.name]: 'not-a-number' }),
      }));
  }

  #queryBreaches(operation: DocumentOperation, valid: GeneratedRequest): GeneratedRequest[] {
    const parameters = operation.parameters.filter((parameter) => parameter.in === 'query');
    const requests: GeneratedRequest[] = [];
    const required = parameters.find((parameter) => parameter.required);
    if (required) {
      const { [required.name]: _left, ...query } = valid.query;
      requests.push({
        ...valid,
        label: `without required query parameter "${required.name}"`,
        kind: 'missing required',
        query,
      });
    }
    const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
    // A query value is text: a wrong type is text where the schema wants a number or a boolean.
    const typed = parameters.filter((parameter) => {
      const types = typesOf(parameter.schema, this.#document);
      return types.length > 0 && !types.includes('string') && !types.includes('array');
    });
    const breaches = [
      ...typed.slice(0, 1).map((parameter) => ({
        kind: 'wrong type' as const,
        rule: `"${parameter.name}" of a wrong type ("not-a-number")`,
        name: parameter.name,
        value: 'not-a-number',
      })),
      ...breachesOf(
        parameters.map((parameter) => [parameter.name, parameter.schema]),
        this.#document,
      ).filter((breach) => breach.kind !== 'wrong type'),
    ];
    for (const breach of breaches) {
      const parameter = byName.get(breach.name)!;
      if (this.#valid(parameter.pointer, breach.value)) continue;
      requests.push({
        ...valid,
        label: `query parameter ${breach.rule}`,
        kind: breach.kind,
        query: { ...valid.query, [breach.name]: breach.value },
      });
    }
    return requests;
  }

  #bodyBreaches(operation: DocumentOperation, valid: GeneratedRequest): GeneratedRequest[] {
    const body = operation.body;
    const value = valid.body?.value;
    if (!body || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const schema = body.schema;
    const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
    const required = (schema.required ?? []) as string[];
    const candidates: { kind: BreachKind; rule: string; value: Record<string, unknown> }[] = [];
    const missing = required.find((name) => name in value);
    if (missing) {
      const { [missing]: _left, ...rest } = value as Record<string, unknown>;
      candidates.push({
        kind: 'missing required',
        rule: `without required field "${missing}"`,
        value: rest,
      });
    }
    // Required fields first: a breach of a field the body carries anyway.
    const ordered = [
      ...properties.filter(([name]) => required.includes(name)),
      ...properties.filter(([name]) => !required.includes(name)),
    ];
    for (const breach of breachesOf(ordered, this.#document)) {
      candidates.push({
        kind: breach.kind,
        rule: `field ${breach.rule}`,
        value: { ...value, [breach.name]: breach.value },
      });
    }
    if (schema.additionalProperties === false) {
      candidates.push({
        kind: 'unknown field',
        rule: `an unknown field "${UNKNOWN_FIELD}" (additionalProperties is false)`,
        value: { ...value, [UNKNOWN_FIELD]: 'x' },
      });
    }
    return candidates
      .filter((candidate) => !this.#valid(body.pointer, candidate.value))
      .map((candidate) => ({
        ...valid,
        label: `body ${candidate.rule}`,
        kind: candidate.kind,
        body: { type: valid.body!.type, value: candidate.value },
      }));
  }
}
