import { createReferenceServer } from '@clientkit/reference-server';
import { demoParts } from './parts';

// The clientkit demo: starts the reference server in this process on a free port, then uses each SDK
// the way an application would, printing what happens.
const server = await createReferenceServer();
const { url } = await server.listen(0);
console.log(`Reference server listening on ${url}`);
console.log(
  "Where time must pass, the demo moves the server's clock forward instead of waiting.\n",
);

try {
  for (const [title, run] of demoParts) {
    console.log(`== ${title}`);
    await run(server, url, (line) => console.log(`  ${line}`));
    console.log('');
  }
  console.log('Demo finished.');
} finally {
  await server.close();
}
