import type { Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PortInUseError, startCli } from '../src/cli/start';
import { occupyPort, portOf, release } from './support/cli-process';

const serverArgs = { port: 0, host: '127.0.0.1', admin: false, tenant: 'public' } as const;
let held: Server | undefined;
let stop: (() => Promise<void>) | undefined;

afterEach(async () => {
  await stop?.();
  stop = undefined;
  await release(held);
  held = undefined;
});

describe('startCli (ports)', () => {
  it('moves the SMTP listener to a free port when the default one is taken, and says which it moved from', async () => {
    held = await occupyPort(0);
    const taken = portOf(held!);
    const start = await startCli({ ...serverArgs, smtpPort: undefined }, taken);
    stop = () => start.server.close();
    expect(start.smtp.movedFrom).toBe(taken);
    expect(start.smtp.port).not.toBe(taken);
    expect(start.server.mail.smtpPort).toBe(start.smtp.port);
  });

  it('keeps the default SMTP port when it is free, with nothing moved', async () => {
    const free = await occupyPort(0);
    const port = portOf(free!);
    await release(free);
    const start = await startCli({ ...serverArgs, smtpPort: undefined }, port);
    stop = () => start.server.close();
    expect(start.smtp).toEqual({ port });
  });

  it('refuses an explicit SMTP port that is taken with PortInUseError naming it and --smtp-port', async () => {
    held = await occupyPort(0);
    const taken = portOf(held!);
    const refusal = startCli({ ...serverArgs, smtpPort: taken });
    await expect(refusal).rejects.toBeInstanceOf(PortInUseError);
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `^Port ${taken} is in use, so the inbound mail \\(SMTP\\) listener .*--smtp-port <n>`,
      ),
    );
  });

  it('refuses a taken HTTP port with PortInUseError naming it and --port, and closes the SMTP listener it opened', async () => {
    held = await occupyPort(0);
    const taken = portOf(held!);
    const free = await occupyPort(0);
    const smtpPort = portOf(free!);
    await release(free);
    const refusal = startCli({ ...serverArgs, port: taken, smtpPort });
    await expect(refusal).rejects.toThrow(
      new RegExp(`^Port ${taken} on 127\\.0\\.0\\.1 is in use.*--port <n>`),
    );
    const again = await occupyPort(smtpPort); // the SMTP port is free again
    expect(again).toBeDefined();
    await release(again);
  });

  it('gives the banner the client options for the origin it listens on', async () => {
    const start = await startCli({ ...serverArgs, smtpPort: 0 });
    stop = () => start.server.close();
    expect(start.clientOptions.docs.baseUrl).toBe(start.url);
    expect(start.clientOptions.mail.baseUrl).toBe(start.url);
  });
});
