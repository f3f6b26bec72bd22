import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import { listing } from '../listing';
import {
  EmbedQuery,
  GetSpaceQuery,
  type MoveSpaceBody,
  MoveSpaceBody as MoveSpaceBodySchema,
  SearchQuery,
  type UpdateSpaceBody,
  UpdateSpaceBody as UpdateSpaceBodySchema,
} from '../request-schemas';
import type { Embed, List, SearchPageResult, Space } from '../response-schemas';
import { wasChanged } from '../was-changed';
import { Git } from './git';
import { Permissions } from './permissions';

/** Spaces: read, change, trash and restore, duplicate, move, embed and search. */
export class Spaces {
  /** Git sync of a space. */
  readonly git: Git;
  /** Who may do what in a space. */
  readonly permissions: Permissions;
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
    this.git = new Git(transport);
    this.permissions = new Permissions(transport);
  }

  /**
   * A space by id; `shareKey` reads it through a site share link. Trashed spaces are not found.
   *
   * @example
   * const space = await docs.spaces.get('space_handbook');
   * console.log(space.title, space.urls.app);
   */
  get(
    spaceId: string,
    params: { shareKey?: string } = {},
    options?: RequestOptions,
  ): APIPromise<Space> {
    return this.#transport.request<Space>({
      method: 'GET',
      path: 'spaces/{spaceId}',
      pathParams: { spaceId },
      query: params,
      querySchema: GetSpaceQuery,
      response: 'Space',
      operation: 'docs.spaces.get',
      ...options,
    });
  }

  /**
   * Changes a space. At least one property is required; `emoji` and `icon` cannot be set together,
   * except both to null, which removes them.
   */
  update(spaceId: string, changes: UpdateSpaceBody, options?: RequestOptions): APIPromise<Space> {
    return this.#transport.request<Space>({
      method: 'PATCH',
      path: 'spaces/{spaceId}',
      pathParams: { spaceId },
      body: changes,
      bodySchema: UpdateSpaceBodySchema,
      response: 'Space',
      operation: 'docs.spaces.update',
      ...options,
    });
  }

  /**
   * Moves a space to the trash, where it can be restored for 7 days. Resolves to true when a space
   * was deleted (205) and false when there was none (204).
   *
   * @example
   * if (await docs.spaces.delete('space_old')) await docs.spaces.restore('space_old'); // changed our mind
   */
  delete(spaceId: string, options?: RequestOptions): APIPromise<boolean> {
    return this.#transport.request({
      method: 'DELETE',
      path: 'spaces/{spaceId}',
      pathParams: { spaceId },
      parse: wasChanged,
      operation: 'docs.spaces.delete',
      ...options,
    });
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
    return this.#transport.request<Space>({
      method: 'POST',
      path: 'spaces/{spaceId}/duplicate',
      pathParams: { spaceId },
      response: 'Space',
      operation: 'docs.spaces.duplicate',
      ...options,
    });
  }

  /** Brings a trashed space back (within 7 days of its deletion). An active space is returned as it is. */
  restore(spaceId: string, options?: RequestOptions): APIPromise<Space> {
    return this.#transport.request<Space>({
      method: 'POST',
      path: 'spaces/{spaceId}/restore',
      pathParams: { spaceId },
      response: 'Space',
      operation: 'docs.spaces.restore',
      ...options,
    });
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
    return this.#transport.request<Space>({
      method: 'POST',
      path: 'spaces/{spaceId}/move',
      pathParams: { spaceId },
      body: target,
      bodySchema: MoveSpaceBodySchema,
      response: 'Space',
      operation: 'docs.spaces.move',
      ...options,
    });
  }

  /** How a URL would be embedded in the space: its title, site, icon and, for media, HTML. */
  getEmbed(spaceId: string, params: { url: string }, options?: RequestOptions): APIPromise<Embed> {
    return this.#transport.request<Embed>({
      method: 'GET',
      path: 'spaces/{spaceId}/embed',
      pathParams: { spaceId },
      query: params,
      querySchema: EmbedQuery,
      response: 'Embed',
      operation: 'docs.spaces.getEmbed',
      ...options,
    });
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
    params: { query: string; limit?: number },
    options?: RequestOptions,
  ): PagePromise<SearchPageResult, List<SearchPageResult>> {
    return listing(
      this.#transport,
      {
        path: 'spaces/{spaceId}/search',
        pathParams: { spaceId },
        querySchema: SearchQuery,
        response: 'SearchResultList',
        operation: 'docs.spaces.search',
        ...options,
      },
      { ...params },
    );
  }
}
