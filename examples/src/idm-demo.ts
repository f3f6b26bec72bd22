import { clientCredentials, IdmClient, PermissionDeniedError } from '@clientkit/idm-client';
import { scopesOf } from '@clientkit/idm-client/scopes';
import type { ReferenceServer } from '@clientkit/reference-server';

/**
 * Identity management: a token by client credentials, a change traced by its correlation id in the
 * tenant log, both ways of paging through clients, and a scope error caught before sending.
 */
export async function idmDemo(
  server: ReferenceServer,
  url: string,
  log: (line: string) => void,
): Promise<void> {
  const [admin, reader] = server.idm.machineClients;
  const audience = server.idm.audience;
  const baseUrl = url; // the service's origin: the client appends /api/v2
  const idm = new IdmClient({
    baseUrl,
    auth: clientCredentials({
      clientId: admin!.clientId,
      clientSecret: admin!.clientSecret,
      audience,
    }),
  });
  log(`token scopes: ${scopesOf(await idm.accessToken()).join(' ')}`);

  const correlationId = `demo-${Date.now()}`;
  const created = await idm.clients.create(
    { name: 'Demo Portal', app_type: 'spa', callbacks: ['https://demo.example.test/callback'] },
    { correlationId },
  );
  log(`created client "${created.name}" (${created.client_id})`);
  for await (const event of idm.logs.list({ take: 10 })) {
    if (event.details?.correlation_id !== correlationId) continue;
    log(`log event ${event.log_id}: ${event.type} "${event.description}" [${correlationId}]`);
    break;
  }

  let pages = 0;
  let seen = 0;
  for await (const page of idm.clients.list({ take: 10 }).pages()) {
    pages += 1;
    seen += page.items.length;
  }
  log(`checkpoint pagination: ${seen} clients in ${pages} pages of up to 10`);
  const offsetPage = await idm.clients.list({ page: 1, per_page: 10 });
  const total = Array.isArray(offsetPage.body) ? '?' : offsetPage.body.total;
  log(`offset pagination: page 1 holds ${offsetPage.items.length} of ${total} clients`);

  const readOnly = new IdmClient({
    baseUrl,
    auth: clientCredentials({
      clientId: reader!.clientId,
      clientSecret: reader!.clientSecret,
      audience,
    }),
    checkScopes: true,
  });
  try {
    await readOnly.clients.delete(created.client_id);
  } catch (error) {
    if (!(error instanceof PermissionDeniedError)) throw error;
    log(`read-only application, refused before sending: ${error.message}`);
  }
}
