import type { InterfaceName } from '@clientkit/reference-server';
import type { DocumentOperation } from './document-operations';

/**
 * Records of the seed that a request generated from a document needs and no listing of the same
 * document returns: path parameters (docs lists no spaces or users, mail no servers) and body
 * fields that name other records (where a space moves to, who is invited). They are the ids of the
 * reference server's seed data (packages/reference-server/src/apis/<interface>/seed.ts).
 */
export const SEED_VALUES: Partial<
  Record<InterfaceName, { path: Record<string, string>; fields: Record<string, unknown> }>
> = {
  docs: {
    path: { spaceId: 'space_handbook', userId: 'usr_ada' },
    // The handbook sits in the guides collection: the API collection of the same organization is a move.
    fields: { parent: 'col_api', teams: ['team_reviewers'] },
  },
  mail: { path: { serverId: '1' }, fields: {} },
};

/** Reads a listing: GET of a path, answered with JSON. */
export type ListingFetch = (path: string) => Promise<unknown>;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The value an item of a listing holds for a path parameter: `id`, `log_id`, or `team.id` for `teamId`. */
function valueIn(item: Record<string, unknown>, parameter: string): unknown {
  const owner = /^(\w+)Id$/.exec(parameter)?.[1];
  const nested = owner ? (item[owner] as Record<string, unknown> | undefined)?.id : undefined;
  return item[parameter] ?? item[snakeCase(parameter)] ?? nested;
}

/** The items of a listing's answer: the answer itself when it is an array, else its first array. */
function itemsOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return [];
  const list = Object.values(body).find(Array.isArray);
  return (list ?? []) as Record<string, unknown>[];
}

/**
 * The path of the listing that names the records of a path parameter: the longest GET path of the
 * same document that the operation's path starts with, below the parameter (`/events` for
 * `/events/{id}` and `/events/by-slug/{slug}`); its own parameters, if any, are those to the left,
 * already filled.
 */
function listingPath(operations: DocumentOperation[], segments: string[]): string | undefined {
  const reads = new Set(operations.filter((o) => o.method === 'GET').map((o) => o.path));
  for (let end = segments.length; end > 0; end -= 1) {
    const path = `/${segments.slice(0, end).join('/')}`;
    if (reads.has(path)) return path;
  }
  return undefined;
}

/**
 * A value for each path parameter of an operation, left to right: the first item of the listing
 * of the same document that holds such records (fetched with the operation's credentials), else
 * the seed's record from SEED_VALUES. The server is back at its seed when this runs, so the
 * same ids come back on every run.
 */
export async function pathValues(
  name: InterfaceName,
  operation: DocumentOperation,
  operations: DocumentOperation[],
  list: ListingFetch,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const segments = operation.path.split('/').filter(Boolean);
  for (const [index, segment] of segments.entries()) {
    const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!parameter) continue;
    const listing = listingPath(operations, segments.slice(0, index));
    const filled = listing?.replace(/\{(\w+)\}/g, (_, inner: string) => values[inner] ?? '');
    const found = filled
      ? itemsOf(await list(filled))
          .map((item) => valueIn(item, parameter))
          .find((value) => typeof value === 'string' || typeof value === 'number')
      : undefined;
    const value = found ?? SEED_VALUES[name]?.path[parameter];
    if (value === undefined)
      throw new Error(`${operation.operationId}: no listing or seed record for {${parameter}}`);
    values[parameter] = String(value);
  }
  return values;
}
