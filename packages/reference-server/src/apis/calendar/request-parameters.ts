import type { Context } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import { baseType, coerceValue, readJson, shapeOf } from '../../problem';
import { type PhpArray, type PhpInput, type PhpValue, readPhpInput } from './php-parameters';

/**
 * The parameters of a calendar request as WordPress gets them: the query string and form bodies
 * through PHP's reader, JSON bodies as JSON, and any other body not at all.
 */

/** The query string's variables, read as PHP reads `$_GET`. */
export function queryInput(c: Context): PhpInput {
  return readPhpInput(new URL(c.req.url).search.slice(1));
}

/**
 * The JSON media types WordPress reads as JSON: `application/json`, any `application/...+json`
 * and `application/json+oembed`.
 */
function isJsonMediaType(mediaType: string): boolean {
  return /^application\/([\w!#$&\-^.+]+\+)?json(\+oembed)?$/.test(mediaType);
}

function mediaTypeOf(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A body as WordPress reads it: JSON, a form's variables, or nothing. */
export type SentBody = { json: unknown } | { form: PhpInput };

/**
 * The body: JSON as it is (an empty body is `{}`), a form through PHP's reader, and nothing
 * (`{}`) for any other media type, which WordPress leaves unread.
 */
export async function sentBody(c: Context): Promise<SentBody> {
  const mediaType = mediaTypeOf(c);
  if (isJsonMediaType(mediaType)) {
    return { json: (await readJson(c, { code: 'rest_invalid_json' })) ?? {} };
  }
  if (mediaType !== 'application/x-www-form-urlencoded') return { json: {} };
  const bytes = Buffer.from(await c.req.arrayBuffer());
  // One character per byte, so that the reader can find the bytes of each name and value.
  return { form: readPhpInput(bytes.toString('latin1')) };
}

/**
 * The variables of a query or form as the schema's fields: text turned into the type its field
 * expects (a comma-separated list included), a PHP list into an array of such items, and any other
 * PHP array into an object, which the schema then refuses where it expects text or a list.
 */
export function parametersFor(schema: $ZodType, variables: PhpArray): Record<string, unknown> {
  const shape = shapeOf(schema);
  // fromEntries keeps a variable named __proto__ as a field, so that the checks see (and drop) it.
  return Object.fromEntries(
    variables.entries().map(([key, value]) => {
      const name = String(key);
      return [name, fieldValue(Object.hasOwn(shape, name) ? shape[name] : undefined, value)];
    }),
  );
}

function fieldValue(field: unknown, value: PhpValue): unknown {
  if (typeof value === 'string') return field === undefined ? value : coerceValue(field, value);
  const base = baseType(field);
  if (base.type !== 'array' || !value.isList()) return value.toPlain();
  return listItems(value, base.element);
}

function listItems(list: PhpArray, element: unknown): unknown[] {
  return list
    .entries()
    .map(([, item]) => (typeof item === 'string' ? coerceValue(element, item) : item.toPlain()));
}
