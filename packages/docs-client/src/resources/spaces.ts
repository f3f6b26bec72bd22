import {
  docs,
  type Embed,
  type EmbedQuery,
  type GetSpaceQuery,
  type List,
  type MoveSpaceBody,
  type SearchPageResult,
  type SearchQuery,
  type Space,
  type UpdateSpaceBody,
} from '@clientkit/contracts/docs';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';
import { changed } from '../changed';
import { Git } from './git';
import { Permissions } from './permissions';

const { operations } = docs;

/** Spaces: read, change, trash and restore, duplicate, move, embed and search. */
export class Spaces {
  /** Git sync of a space. */
  readonly git: Git;
  /** Who may do what in a space. */
  readonly permissions: Permissions;
  readonly #core: ClientCore<typeof docs>;

  constructor(core: ClientCore<typeof docs>) {
    this.#core = core;
    this.git = new Git(core);
    this.permissions = new Permissions(core);
  }

  /**
   * A space by id; `shareKey` reads it through a site share link. Trashed spaces are not found.
   *
   * @example
   * const space = await docs.spaces.get('space_handbook');
   * console.log(space.title, space.urls.app);
   */
  get(spaceId: string, params: GetSpaceQuery = {}, options?: RequestOptions): APIPromise<Space> {
    return this.#core.call(operations.getSpaceById, { path: { spaceId }, query: params }, options);
  }

  /**
   * Changes a space. At least one property is required; `emoji` and `icon` cannot be set together,
   * except both to null, which removes them.
   */
  update(spaceId: string, changes: UpdateSpaceBody, options?: RequestOptions): APIPromise<Space> {
    return this.#core.call(
      operations.updateSpaceById,
      { path: { spaceId }, body: changes },
      options,
    );
  }

  /**
   * Moves a space to the trash, where it can be restored for 7 days. Resolves to true when a space
   * was deleted (205) and false when there was none (204).
   *
   * @example
   * if (await docs.spaces.delete('space_old')) await docs.spaces.restore('space_old'); // changed our mind
   */
  delete(spaceId: string, options?: RequestOptions): APIPromise<boolean> {
    return this.#core.call(operations.deleteSpaceById, { path: { spaceId } }, options).map(changed);
  }

  /**
   * Copies a space with all its pages into the same organization and resolves to the copy. The
   * copy's API URL is in the `Location` header: `.withResponse()` gives the response.
   *
   * @example
   * const { data: copy, response } = await docs.spaces.duplicate('space_handbook').withResponse();
   * console.log(copy.id, response.headers.get('location'));
   */
  duplicate(spaceId: string, options?: RequestOptions): APIPromise<Space> {
    return this.#core.call(operations.duplicateSpace, { path: { spaceId } }, options);
  }

  /** Brings a trashed space back (within 7 days of its deletion). An active space is returned as it is. */
  restore(spaceId: string, options?: RequestOptions): APIPromise<Space> {
    return this.#core.call(operations.restoreSpace, { path: { spaceId } }, options);
  }

  /**
   * Moves a space into a collection (`parent`), to the top level (`parent: null`), or to a
   * `position` before or after a sibling. A move that changes nothing is a `ConflictError`.
   *
   * @example
   * await docs.spaces.move('space_api', { parent: 'col_api' });
   * await docs.spaces.move('space_api', { position: { before: { type: 'space', space: 'space_handbook' } } });
   */
  move(spaceId: string, target: MoveSpaceBody, options?: RequestOptions): APIPromise<Space> {
    return this.#core.call(operations.moveSpace, { path: { spaceId }, body: target }, options);
  }

  /** How a URL would be embedded in the space: its title, site, icon and, for media, HTML. */
  getEmbed(spaceId: string, params: EmbedQuery, options?: RequestOptions): APIPromise<Embed> {
    return this.#core.call(
      operations.getEmbedByUrlInSpace,
      { path: { spaceId }, query: params },
      options,
    );
  }

  /**
   * Searches the published pages of a space, best match first. `query` is 1 to 512 characters;
   * `limit` (0 to 1000, default 50) is the page size.
   *
   * @example
   * for await (const result of docs.spaces.search('space_handbook', { query: 'battery' })) {
   *   console.log(result.rank, result.title);
   * }
   */
  search(
    spaceId: string,
    params: Omit<SearchQuery, 'page'>,
    options?: RequestOptions,
  ): PagePromise<SearchPageResult, List<SearchPageResult>> {
    const input = { path: { spaceId }, query: params };
    return this.#core.list(operations.searchSpaceContent, input, options);
  }
}
