import type { $ZodType } from 'zod/v4/core';
import { structureOf } from '../contract/schema-structure';
import { isSecret } from '../contract/secret';
import { REDACTED } from '../redaction/redact';

/** Deeper than any body an interface sends; a value nested further is left as it is. */
const MAX_DEPTH = 64;

/**
 * A copy of `value` in which every value a secret field of `schema` holds is `[redacted]`. The value
 * need not match the schema: fields it does not describe are copied as they are. A union redacts
 * what any of its members marks, since the value may match more than one.
 */
export function redactBySchema(value: unknown, schema: $ZodType | undefined, depth = 0): unknown {
  if (schema === undefined || value === undefined || value === null || depth > MAX_DEPTH) {
    return value;
  }
  if (isSecret(schema)) return REDACTED;
  const def = structureOf(schema);
  if (!def) return value;
  const next = depth + 1;
  if (def.options) {
    return def.options.reduce<unknown>(
      (current, option) => redactBySchema(current, option, next),
      value,
    );
  }
  if (def.left && def.right) {
    return redactBySchema(redactBySchema(value, def.left, next), def.right, next);
  }
  const inner = def.innerType ?? def.in ?? def.getter?.();
  if (inner) return redactBySchema(value, inner, next);
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      redactBySchema(item, def.element ?? def.items?.[index] ?? def.rest ?? undefined, next),
    );
  }
  if (typeof value !== 'object') return value;
  const fieldSchema = (name: string) =>
    def.shape ? (Object.hasOwn(def.shape, name) ? def.shape[name] : def.catchall) : def.valueType;
  // fromEntries makes own fields, so a `__proto__` key in a body stays a field.
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      redactBySchema(field, fieldSchema(name), next),
    ]),
  );
}
