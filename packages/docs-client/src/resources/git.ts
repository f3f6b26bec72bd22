import type { APIPromise, RequestOptions, Transport } from '@clientkit/core';
import {
  ExportToGitRepository as ExportSchema,
  type ExportToGitRepository,
  type ImportGitRepository,
  ImportGitRepository as ImportSchema,
} from '../request-schemas';
import type { GitSyncState } from '../response-schemas';
import { wasChanged } from '../was-changed';

/** Git sync of a space. Import and export run in the background; `info` shows their progress. */
export class Git {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Starts importing the space's content from a Git repository. Needs a configured Git provider. */
  import(spaceId: string, body: ImportGitRepository, options?: RequestOptions): APIPromise<void> {
    return this.#transport.request({
      method: 'POST',
      path: 'spaces/{spaceId}/git/import',
      pathParams: { spaceId },
      body,
      bodySchema: ImportSchema,
      operation: 'docs.spaces.git.import',
      ...options,
    });
  }

  /**
   * Starts exporting the space's content to a Git repository, with a commit message.
   *
   * @example
   * await docs.spaces.git.export('space_handbook', { url: 'https://github.com/acme/handbook', ref: 'main', commitMessage: 'Sync' });
   * const { operation } = await docs.spaces.git.info('space_handbook'); // operation.state: running, then success
   */
  export(spaceId: string, body: ExportToGitRepository, options?: RequestOptions): APIPromise<void> {
    return this.#transport.request({
      method: 'POST',
      path: 'spaces/{spaceId}/git/export',
      pathParams: { spaceId },
      body,
      bodySchema: ExportSchema,
      operation: 'docs.spaces.git.export',
      ...options,
    });
  }

  /** The Git provider, the repository, and the last import or export of the space. */
  info(spaceId: string, options?: RequestOptions): APIPromise<GitSyncState> {
    return this.#transport.request<GitSyncState>({
      method: 'GET',
      path: 'spaces/{spaceId}/git/info',
      pathParams: { spaceId },
      response: 'GitSyncState',
      operation: 'docs.spaces.git.info',
      ...options,
    });
  }

  /** Removes a legacy Git installation: true when one was removed (205), false when there was none (204). */
  deleteLegacyInstallation(spaceId: string, options?: RequestOptions): APIPromise<boolean> {
    return this.#transport.request({
      method: 'DELETE',
      path: 'spaces/{spaceId}/git/legacy-installation',
      pathParams: { spaceId },
      parse: wasChanged,
      operation: 'docs.spaces.git.deleteLegacyInstallation',
      ...options,
    });
  }
}
