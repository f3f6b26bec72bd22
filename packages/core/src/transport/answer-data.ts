import { requestIdOf } from '../client/api-promise';
import { APIResponseParseError } from '../errors/errors';
import type { Call } from './call';
import type { Exchange } from './sender';

/**
 * The data of a success answer: its body as JSON. A body that claims JSON and does not parse, or
 * that is not JSON (or missing) where the operation promises JSON, is an `APIResponseParseError`,
 * never text handed on as data. Where nothing is promised (the `request()` escape hatch, an
 * operation without a response), a body that does not claim JSON is passed on as text, and an
 * empty one as undefined.
 */
export function answerData(exchange: Exchange, call: Call): unknown {
  if (call.method === 'HEAD') return undefined;
  const { text, contentType } = exchange;
  if (text === '') {
    if (call.expectsBody) throw parseError(exchange, call);
    return undefined;
  }
  if (!call.expectsBody && !contentType?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw parseError(exchange, call);
  }
}

function parseError(exchange: Exchange, call: Call): APIResponseParseError {
  const headers = exchange.headers();
  return new APIResponseParseError({
    status: exchange.status,
    contentType: exchange.contentType,
    text: exchange.text,
    requestId: requestIdOf(headers),
    headers,
    method: call.method,
    url: exchange.url,
  });
}
