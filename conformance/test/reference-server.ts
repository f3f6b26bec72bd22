import {
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '@clientkit/reference-server';
import { afterAll, beforeAll } from 'vitest';

/** A reference server listening on an ephemeral loopback port for the tests of one file. */
export function useReferenceServer(options: ReferenceServerOptions = {}) {
  const state: { server: ReferenceServer; origin: string } = {} as never;
  beforeAll(async () => {
    state.server = await createReferenceServer({ logError: () => {}, ...options });
    state.origin = (await state.server.listen(0, '127.0.0.1')).url;
  });
  afterAll(async () => {
    await state.server?.close();
  });
  return state;
}

/** The error a promise rejects with, or undefined when it resolves. */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}
