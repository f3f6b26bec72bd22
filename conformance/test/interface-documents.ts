import type { InterfaceName, ReferenceServer } from '@clientkit/reference-server';
import type { OpenApiDocument } from './openapi-responses';

/**
 * The interfaces whose every answer in this suite is validated against the interface's own OpenAPI
 * document. Add an interface here once the reference server publishes its document; one listed
 * without a document fails every test file.
 */
export const VALIDATED_INTERFACES: readonly InterfaceName[] = [
  'docs',
  'calendar',
  'metering',
  'mail',
  'idm',
];

export type InterfaceDocuments = Partial<Record<InterfaceName, OpenApiDocument>>;

/** Fetches the document of each named interface from a running server, refusing one it lacks. */
export async function loadDocuments(
  server: Pick<ReferenceServer, 'openapiPaths' | 'fetch'>,
  origin: string,
  names: readonly InterfaceName[] = VALIDATED_INTERFACES,
): Promise<InterfaceDocuments> {
  const documents: InterfaceDocuments = {};
  for (const name of names) {
    const path = server.openapiPaths[name];
    if (!path)
      throw new Error(
        `${name} is in VALIDATED_INTERFACES but the reference server lists no OpenAPI document for it`,
      );
    const response = await server.fetch(`${origin}${path}`);
    if (!response.ok)
      throw new Error(`${name}: GET ${path} answered ${response.status}, not its OpenAPI document`);
    documents[name] = (await response.json()) as OpenApiDocument;
  }
  return documents;
}
