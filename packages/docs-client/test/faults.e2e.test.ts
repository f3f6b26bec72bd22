/**
 * Each network fault of the reference server, met by a read and a write of the docs client: the
 * error it fails with and what it carries, whether it is retried, and whether the write took effect.
 */
import { describe } from 'vitest';
import { type CallOptions, describeFaults } from '../../../test-support/faults';
import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  DocsClient,
  InternalServerError,
} from '../src/index';
import { useDocsServer } from './support/e2e';

const docs = useDocsServer();
const SEEDED_SPACES = 4;

const client = (options: CallOptions) =>
  new DocsClient({ baseUrl: docs.url, token: 'docs-dev-user-ada', ...options });

describe('network faults', () => {
  describeFaults(
    () => docs.server,
    { APIConnectionError, APITimeoutError, APIResponseParseError, InternalServerError },
    [
      {
        name: 'a GET of a space',
        method: 'GET',
        path: '/v1/spaces/space_handbook',
        operation: 'docs.spaces.get',
        repeatable: true,
        run: (options) => client(options).spaces.get('space_handbook'),
      },
      {
        name: 'a POST duplicating a space',
        method: 'POST',
        path: '/v1/spaces/space_handbook/duplicate',
        operation: 'docs.spaces.duplicate',
        repeatable: false,
        run: (options) => client(options).spaces.duplicate('space_handbook'),
        effects: () =>
          (docs.server.inspect('docs') as { spaces: unknown[] }).spaces.length - SEEDED_SPACES,
      },
    ],
  );
});
