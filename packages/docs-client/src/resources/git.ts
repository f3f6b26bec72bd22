import {
  docs,
  type ExportToGitRepository,
  type GitSyncState,
  type ImportGitRepository,
} from '@clientkit/contracts/docs';
import type { APIPromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';
import { changed } from '../changed';

const { operations } = docs;

/** Git sync of a space. Import and export run in the background; `info` shows their progress. */
export class Git {
  readonly #core: ClientCore<typeof docs>;

  constructor(core: ClientCore<typeof docs>) {
    this.#core = core;
  }

  /** Starts importing the space's content from a Git repository. Needs a configured Git provider. */
  import(spaceId: string, body: ImportGitRepository, options?: RequestOptions): APIPromise<void> {
    return this.#core.call(operations.importGitRepository, { path: { spaceId }, body }, options);
  }

  /**
   * Starts exporting the space's content to a Git repository, with a commit message.
   *
   * @example
   * await docs.spaces.git.export('space_handbook', { url: 'https://github.com/acme/handbook', ref: 'main', commitMessage: 'Sync' });
   * const { operation } = await docs.spaces.git.info('space_handbook'); // operation.state: running, then success
   */
  export(spaceId: string, body: ExportToGitRepository, options?: RequestOptions): APIPromise<void> {
    return this.#core.call(operations.exportToGitRepository, { path: { spaceId }, body }, options);
  }

  /** The Git provider, the repository, and the last import or export of the space. */
  info(spaceId: string, options?: RequestOptions): APIPromise<GitSyncState> {
    return this.#core.call(operations.getSpaceGitInfo, { path: { spaceId } }, options);
  }

  /** Removes a legacy Git installation: true when one was removed (205), false when there was none (204). */
  deleteLegacyInstallation(spaceId: string, options?: RequestOptions): APIPromise<boolean> {
    return this.#core
      .call(operations.deleteLegacyGitInstallation, { path: { spaceId } }, options)
      .map(changed);
  }
}
