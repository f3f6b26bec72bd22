/**
 * A copy of `error` for one of several callers awaiting the same failure (one token fetch shared
 * by concurrent requests): an object of its own, of the same class with the same fields, so that
 * what one caller's door stamps on it (its stack, its operation when it has none) stays off the
 * others'. Anything but an `Error` is returned as it is.
 */
export function copyOfError<T>(error: T): T {
  if (!(error instanceof Error)) return error;
  const copy = Object.create(Object.getPrototypeOf(error)) as T & object;
  for (const key of Reflect.ownKeys(error)) {
    Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(error, key)!);
  }
  return copy;
}
