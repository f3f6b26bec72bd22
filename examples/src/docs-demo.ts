import { type ClientOptions, DocsClient, NotFoundError } from '@clientkit/docs-client';
import { developmentClientOptions, type ReferenceServer } from '@clientkit/reference-server';

/**
 * A technical writer's morning: search, tidy a space, share it, sync it to Git, and undo a mistake.
 * `options` are added to the client's, such as `telemetry` to trace the run.
 */
export async function docsDemo(
  server: ReferenceServer,
  url: string,
  log: (line: string) => void,
  options: ClientOptions = {},
): Promise<void> {
  const docs = new DocsClient({ ...developmentClientOptions(url).docs, ...options });

  const me = await docs.user.get();
  log(`Signed in as ${me.displayName} <${me.email}>`);

  const handbook = await docs.spaces.get('space_handbook');
  log(
    `Space "${handbook.title}" (${handbook.visibility}, ${handbook.language}) in ${handbook.organization}`,
  );

  log('Search for "battery", best match first:');
  for await (const hit of docs.spaces.search(handbook.id, { query: 'battery', limit: 2 })) {
    log(`  ${hit.rank}. ${hit.title} (score ${hit.score}) ${hit.urls.app}`);
  }

  const renamed = await docs.spaces.update(handbook.id, {
    title: 'Robot handbook (2026)',
    emoji: '1f4d8',
  });
  log(`Renamed to "${renamed.title}"`);

  await docs.spaces.permissions.invite(handbook.id, {
    role: 'comment',
    users: ['usr_chloe'],
    teams: ['team_support'],
  });
  const people = await docs.spaces.permissions.listUsers(handbook.id).toArray();
  log(
    `Who can work on it: ${people.map((p) => `${p.user.displayName} (${p.permission})`).join(', ')}`,
  );

  await docs.spaces.git.export(handbook.id, {
    url: 'https://github.com/acme/robot-handbook',
    ref: 'main',
    commitMessage: 'Weekly sync from the docs site',
  });
  log(`Git export started: ${(await docs.spaces.git.info(handbook.id)).operation?.state}`);
  await server.clock.advance('5s'); // the reference server's clock: no real waiting
  const git = await docs.spaces.git.info(handbook.id);
  log(
    `Git export ${git.operation?.state} to ${git.repoName}, 5 s later on the reference server's clock`,
  );

  const { data: copy, response } = await docs.spaces.duplicate(handbook.id).withResponse();
  log(`Duplicated as "${copy.title}", at ${response.headers.get('location')}`);
  log(
    `Deleted the copy: ${await docs.spaces.delete(copy.id)}; deleted again: ${await docs.spaces.delete(copy.id)}`,
  );
  try {
    await docs.spaces.get(copy.id);
  } catch (error) {
    if (error instanceof NotFoundError) log(`Reading it now: ${error.status} (in the trash)`);
  }
  const restored = await docs.spaces.restore(copy.id);
  log(`Restored within the 7-day window: "${restored.title}" is back`);
}
