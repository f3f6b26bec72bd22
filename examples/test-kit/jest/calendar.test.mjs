import { AuthenticationError } from '@clientkit/calendar-client';
import { createReferenceServer } from '@clientkit/reference-server/testing';

let server;
beforeAll(async () => {
  server = await createReferenceServer();
});
afterEach(() => server.reset()); // back to the seed data between tests
afterAll(() => server.close());

test('an editor creates a venue', async () => {
  const { calendar } = server.clients();
  const venue = await calendar.venues.create({ venue: 'Harbour Hall', status: 'publish' });
  expect(venue.venue).toBe('Harbour Hall');
});

test('a visitor without credentials cannot write', async () => {
  const { calendar } = server.clients({ calendar: { auth: undefined } });
  await expect(calendar.venues.create({ venue: 'Nobody Hall' })).rejects.toBeInstanceOf(
    AuthenticationError,
  );
});
