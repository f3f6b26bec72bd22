/**
 * The scope rule of the management API: a request needs the action of its method on the resource
 * its path names. Each operation of the contract declares its scope; this rule gives the scope of
 * any other route, as the interface computes it.
 */

/** What a method does to a resource, as its scopes name it. */
export type IdmAction = 'read' | 'create' | 'update' | 'delete';

/** The resources of the contract's operations. */
export type IdmResource = 'clients' | 'logs';

/** A scope of one of the contract's operations, such as `read:clients`. */
export type IdmScope = `${IdmAction}:${IdmResource}`;

const actionByMethod: Readonly<Record<string, IdmAction>> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * The scope a request needs: the action of its method (`read`, `create`, `update`, `delete`) and the
 * first segment of its path under `/api/v2`, with hyphens as underscores. Undefined when the path
 * names no resource or the method needs none.
 *
 * @example
 * requiredScope('PATCH', 'clients/abc')            // 'update:clients'
 * requiredScope('GET', '/api/v2/resource-servers') // 'read:resource_servers'
 */
export function requiredScope(method: string, path: string): string | undefined {
  const action = actionByMethod[method.toUpperCase()];
  const resource = path
    .replace(/^\/+/, '')
    .replace(/^api\/v2(\/|$)/, '')
    .split(/[/?#]/)[0];
  if (!action || !resource) return undefined;
  return `${action}:${resource.replace(/-/g, '_')}`;
}
