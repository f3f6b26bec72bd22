import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index';

describe('Symbol.asyncDispose', () => {
  it('closes the server at the end of an `await using` block: its port refuses connections', async () => {
    let url: string;
    {
      await using server = await createReferenceServer({ clock: { frozen: true } });
      ({ url } = await server.listen(0));
      const answer = await fetch(`${url}/v1/`, {
        headers: { authorization: 'Bearer docs-dev-user-ada' },
      });
      expect(answer.status).toBe(200);
    }
    const refused = await fetch(`${url}/v1/`).catch((error: Error) => error);
    expect((refused as Error & { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });

  it('is the same close as server.close()', async () => {
    const server = await createReferenceServer({ clock: { frozen: true } });
    expect(server[Symbol.asyncDispose]).toBe(server.close);
    await server[Symbol.asyncDispose]();
  });
});
