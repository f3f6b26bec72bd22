/** Answers that never have a body. */
export function hasNoBody(status: number, method: string): boolean {
  return method === 'HEAD' || status === 204 || status === 205;
}

/** An answer's body: JSON when it says so and parses, otherwise text; empty is undefined. */
export function parsedBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (!contentType?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
