import type { ReferenceServer } from '@clientkit/reference-server';
import { beforeAll, beforeEach } from 'vitest';
import { type ResponseCheck, responseChecker } from './openapi-responses';
import { useReferenceServer } from './reference-server';

export const CALENDAR = '/wp-json/calendar/events/v1';

/** One answer of the calendar, with what its own OpenAPI document says is wrong with it. */
export interface CalendarAnswer {
  status: number;
  body: unknown;
  headers: Headers;
  problems: string[];
}

export interface CalendarConformance {
  server: ReferenceServer;
  /** The origin the server listens on. */
  url: string;
  /** HTTP Basic credentials of the seeded editor (an application password). */
  editor: string;
  /** The same credentials as a user name and an application password. */
  editorLogin: { username: string; password: string };
  /**
   * Sends a request to the calendar and checks the answer against the interface's own OpenAPI
   * document (GET `{namespace}/doc`), under `operationId`.
   */
  call(
    operationId: string,
    method: string,
    path: string,
    init?: { auth?: string; body?: unknown; form?: Record<string, string | string[]> },
  ): Promise<CalendarAnswer>;
}

function formBody(fields: Record<string, string | string[]>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(`${name}[]`, item);
    else form.append(name, value);
  }
  return form.toString();
}

/** A reference server on 127.0.0.1 (reset before every test), with the calendar's own document. */
export function useCalendarConformance(): CalendarConformance {
  const ref = useReferenceServer('calendar', {
    clock: { start: '2026-06-01T08:00:00Z', frozen: true },
  });
  const harness = {} as CalendarConformance;
  let check: ResponseCheck;
  beforeAll(() => {
    harness.server = ref.server;
    harness.url = ref.origin;
    const [login = '', password = ''] = (
      harness.server.credentials().calendar!['editor application password'] ?? ''
    ).split(' / ');
    harness.editor = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
    harness.editorLogin = { username: login, password };
    check = responseChecker(ref.documents.calendar!, 'calendar-openapi.json');
  });
  beforeEach(() => harness.server.reset());
  harness.call = async (operationId, method, path, init = {}) => {
    const headers: Record<string, string> = {};
    if (init.auth) headers.authorization = init.auth;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formBody(init.form);
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await fetch(`${harness.url}${path}`, { method, headers, body });
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    return {
      status: response.status,
      body: parsed,
      headers: response.headers,
      problems: check(operationId, response.status, parsed),
    };
  };
  return harness;
}
