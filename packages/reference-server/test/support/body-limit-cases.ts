import type { InterfaceName } from '../../src/index';

const KiB = 1024;
const MiB = 1024 * KiB;

/** One interface's body limit, a write route under it, and its 413 in its own error format. */
export interface BodyLimitCase {
  name: InterfaceName | 'admin';
  method: string;
  path: string;
  limit: number;
  /** The 413 body in the interface's own error format. */
  refusal: (limit: number) => unknown;
}

const message = (limit: number) =>
  `The request body is larger than the ${limit} bytes this interface accepts`;

/** Every interface's body limit, and the admin routes'. */
export const bodyLimitCases: BodyLimitCase[] = [
  {
    name: 'docs',
    method: 'PATCH',
    path: '/v1/spaces/space_handbook',
    limit: MiB,
    refusal: (limit) => ({ error: { code: 413, message: message(limit) } }),
  },
  {
    name: 'calendar',
    method: 'POST',
    path: '/wp-json/calendar/events/v1/categories',
    limit: 2 * MiB,
    refusal: (limit) => ({
      code: 'rest_request_too_large',
      message: message(limit),
      data: { status: 413 },
    }),
  },
  {
    name: 'metering',
    method: 'POST',
    path: '/v2/billing/meter_event_stream',
    limit: MiB,
    refusal: (limit) => ({
      error: { type: 'invalid_request_error', code: 'payload_too_large', message: message(limit) },
    }),
  },
  {
    name: 'mail',
    method: 'PUT',
    path: '/servers/1',
    limit: 64 * KiB,
    refusal: (limit) => ({ ErrorCode: 0, Message: message(limit) }),
  },
  {
    name: 'idm',
    method: 'POST',
    path: '/api/v2/clients',
    limit: 1_048_576,
    refusal: () => ({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Payload content length greater than maximum allowed: 1048576',
      errorCode: 'payload_too_large',
    }),
  },
  {
    name: 'admin',
    method: 'POST',
    path: '/__admin/seed',
    limit: 64 * MiB,
    refusal: (limit) => ({ error: message(limit) }),
  },
];
