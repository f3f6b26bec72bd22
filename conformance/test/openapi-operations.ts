import type { OpenApiDocument } from './openapi-responses';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** One operation of a document, as a request path can reach it. */
interface Route {
  /** The path's segments below the server's base path; `undefined` stands for a template. */
  segments: (string | undefined)[];
  method: string;
  operationId: string;
}

/** The base paths of server URLs: `http://host/v1/` and `/v1` both give `/v1`. */
function basePaths(servers: { url: string }[] | undefined): string[] {
  const urls = servers?.length ? servers : [{ url: '/' }];
  return urls.map(({ url }) => new URL(url, 'http://server.invalid').pathname.replace(/\/+$/, ''));
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function routesOf(document: OpenApiDocument): Map<string, Route[]> {
  const byBase = new Map<string, Route[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const servers = (item as { servers?: { url: string }[] }).servers ?? document.servers;
    const segments = segmentsOf(path).map((part) => (/^\{[^}]+\}$/.test(part) ? undefined : part));
    for (const method of METHODS) {
      const operationId = (item[method] as { operationId?: string } | undefined)?.operationId;
      if (!operationId) continue;
      for (const base of basePaths(servers)) {
        const routes = byBase.get(base) ?? [];
        routes.push({ segments, method, operationId });
        byBase.set(base, routes);
      }
    }
  }
  return byBase;
}

/** How many literal segments a route has: where two match, the more literal one wins. */
function literalCount(route: Route): number {
  return route.segments.filter((segment) => segment !== undefined).length;
}

function matches(route: Route, method: string, segments: string[]): boolean {
  return (
    route.method === method &&
    route.segments.length === segments.length &&
    route.segments.every((part, index) => part === undefined || part === segments[index])
  );
}

/** What a request path means to one document. */
export interface OperationLookup {
  /**
   * The length of the longest server base path the path lies under (0 for a document served at
   * the origin's root), or undefined when it lies under none.
   */
  reach(path: string): number | undefined;
  /** The operationId a method and path reach, or undefined when the document has none. */
  operationOf(method: string, path: string): string | undefined;
}

/**
 * Matches requests to a document's operations by method and path template, below the base paths
 * of its servers. A concrete segment beats a template, as OpenAPI asks.
 */
export function operationLookup(document: OpenApiDocument): OperationLookup {
  const byBase = routesOf(document);
  const bases = [...byBase.keys()];
  const under = (base: string, path: string) => path === base || path.startsWith(`${base}/`);
  return {
    reach(path) {
      const lengths = bases.filter((base) => under(base, path)).map((base) => base.length);
      return lengths.length > 0 ? Math.max(...lengths) : undefined;
    },
    operationOf(method, path) {
      const candidates = bases.filter((base) => under(base, path));
      const found = candidates.flatMap((base) => {
        const segments = segmentsOf(path.slice(base.length));
        return (byBase.get(base) ?? []).filter((route) =>
          matches(route, method.toLowerCase(), segments),
        );
      });
      found.sort((a, b) => literalCount(b) - literalCount(a));
      return found[0]?.operationId;
    },
  };
}
