import type { $ZodType } from 'zod/v4/core';
import { RequestValidationError, type ValidationIssue } from '../errors/errors';
import { declaredKeys } from './known-fields';

const forbiddenKeys = ['__proto__', 'constructor', 'prototype'];

/**
 * Fields sent as given, next to the checked input, may not be ones the operation declares (the
 * typed input checks those, so a limit cannot be bypassed) nor ones that reach prototypes.
 */
export function checkExtraFields(
  extra: unknown,
  schema: $ZodType | undefined,
  option: string,
  subject: string,
): void {
  if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) {
    throw new RequestValidationError(subject, [{ path: option, message: 'must be an object' }]);
  }
  const declared = declaredKeys(schema);
  const issues: ValidationIssue[] = [];
  for (const key of Reflect.ownKeys(extra)) {
    const name = String(key);
    if (declared.includes(name)) {
      issues.push({
        path: `${option}.${name}`,
        message: 'is a declared field: pass it in the typed input',
      });
    } else if (forbiddenKeys.includes(name)) {
      issues.push({ path: `${option}.${name}`, message: 'is not allowed' });
    }
  }
  if (issues.length > 0) throw new RequestValidationError(subject, issues);
}

/** The checked query with the caller's extra parameters, which the query schema must not declare. */
export function withExtraQuery(
  checked: Record<string, unknown> | undefined,
  extra: unknown,
  schema: $ZodType | undefined,
  name: string,
): Record<string, unknown> {
  checkExtraFields(extra, schema, 'extraQuery', `options of ${name}`);
  return { ...checked, ...(extra as object) };
}

/** The checked body with the caller's extra fields, which the body schema must not declare. */
export function withExtraBody(
  checked: unknown,
  extra: unknown,
  schema: $ZodType | undefined,
  name: string,
): object {
  if (!schema || Array.isArray(checked) || typeof checked !== 'object' || !checked) {
    throw new RequestValidationError(`options of ${name}`, [
      { path: 'extraBody', message: 'is only for operations whose body is an object' },
    ]);
  }
  checkExtraFields(extra, schema, 'extraBody', `options of ${name}`);
  return { ...checked, ...(extra as object) };
}
