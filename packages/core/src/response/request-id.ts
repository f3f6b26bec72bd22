/** The id a service gave the request: `x-request-id`, else `request-id`; null when it sent neither. */
export function requestIdOf(headers: Headers): string | null {
  return headers.get('x-request-id') ?? headers.get('request-id');
}
