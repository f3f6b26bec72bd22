import { MeteringClient } from '@clientkit/metering-client';
import { developmentClientOptions, type ReferenceServer } from '@clientkit/reference-server';

/**
 * Usage metering for an API platform: every API call becomes a meter event, streamed in batches;
 * the session behind the stream is renewed without the application noticing.
 */
export async function meteringDemo(
  server: ReferenceServer,
  url: string,
  log: (line: string) => void,
): Promise<void> {
  const metering = new MeteringClient(developmentClientOptions(url).metering);
  const stream = metering.createStream({
    concurrency: 4,
    onBatchError: (error, events) => log(`could not deliver ${events.length} events: ${error}`),
  });

  const customers = ['cus_acme', 'cus_globex', 'cus_initech'];
  for (let call = 0; call < 5_000; call++) {
    const event = {
      event_name: call % 10 === 0 ? 'image_generated' : 'api_call',
      payload: { stripe_customer_id: customers[call % 3]!, value: '1' },
    };
    if (!stream.push(event)) await stream.write(event); // write waits when the buffer is full
  }
  await stream.flush();
  log(`stream stats: ${JSON.stringify(stream.stats)}`);

  await server.clock.settle(); // the service validates and counts asynchronously
  log(`server counted: ${JSON.stringify(server.metering.counted())}`);

  // The reference server's clock, not the wall clock: 16 minutes pass at once, and the session
  // (15 minutes) has expired on the server.
  await server.clock.advance('16m');
  stream.push({ event_name: 'api_call', payload: { stripe_customer_id: 'cus_acme', value: '1' } });
  await stream.close();
  const { sessionsCreated, sent, failed } = stream.stats;
  log(
    `16 minutes later on the reference server's clock (advanced, not waited for), the expired session was renewed: ${sessionsCreated} sessions ` +
      `(server: ${server.metering.sessions().created}), ${sent} sent, ${failed} failed`,
  );
}
