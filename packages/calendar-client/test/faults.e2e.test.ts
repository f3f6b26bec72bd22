/**
 * Each network fault of the reference server, met by a read and a write of the calendar client:
 * the error it fails with and what it carries, whether it is retried, and whether the write took
 * effect.
 */
import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  basicAuth,
  InternalServerError,
} from '@clientkit/calendar-client';
import { describe } from 'vitest';
import { type CallOptions, describeFaults } from '../../../test-support/faults';
import { EDITOR_PASSWORD, useCalendarServer } from './support/e2e';
import { NS } from './support/unit';

const calendar = useCalendarServer();
const SEEDED_TAGS = 4;

const editor = (options: CallOptions) =>
  calendar.client({ auth: basicAuth('editor', EDITOR_PASSWORD), ...options });

describe('network faults', () => {
  describeFaults(
    () => calendar.server,
    { APIConnectionError, APITimeoutError, APIResponseParseError, InternalServerError },
    [
      {
        name: 'a GET of a tag',
        method: 'GET',
        path: `${NS}/tags/5`,
        operation: 'calendar.tags.get',
        repeatable: true,
        run: (options) => editor(options).tags.get(5),
      },
      {
        name: 'a POST creating a tag',
        method: 'POST',
        path: `${NS}/tags`,
        operation: 'calendar.tags.create',
        repeatable: false,
        run: (options) => editor(options).tags.create({ name: 'Under the sky' }),
        effects: () =>
          (calendar.server.inspect('calendar') as { tags: unknown[] }).tags.length - SEEDED_TAGS,
      },
    ],
  );
});
