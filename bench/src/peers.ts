import { GitBookAPI } from '@gitbook/api';
import type { ManagementClient } from 'auth0';
import type { AccountClient } from 'postmark';
import type Stripe from 'stripe';
import {
  auth0ManagementClient,
  postmarkAccountClient,
  stripeClient,
} from '../../conformance/src/shims.ts';

/**
 * The official SDKs, built through the conformance shims (origin and renamed headers only). With a
 * `fetch` given, it replaces the shims' routing fetch entirely: a canned fetch needs no routing, and
 * measuring the routing would charge the peer for our test set-up.
 */

/** Client credentials the auth0 ManagementClient exchanges for a token (seeded on the server). */
export const IDM_CREDENTIALS = {
  clientId: 'idm_dev_full_access',
  clientSecret: 'idm-dev-secret-full-access',
};

/** @gitbook/api needs no shim: its `endpoint` is the origin and `/v1` is its own prefix. */
export function gitbook(origin: string, token: string, fetchImpl?: typeof fetch): GitBookAPI {
  return new GitBookAPI({
    endpoint: origin,
    authToken: token,
    ...(fetchImpl ? { serviceBinding: { fetch: fetchImpl } } : {}),
  });
}

export const postmark = (origin: string, token: string, fetchImpl?: typeof fetch): AccountClient =>
  postmarkAccountClient(origin, token, fetchImpl ? { fetch: fetchImpl } : {});

export const auth0 = (origin: string, fetchImpl?: typeof fetch): ManagementClient =>
  auth0ManagementClient(origin, IDM_CREDENTIALS, fetchImpl ? { fetch: fetchImpl } : {});

/** stripe on its fetch client (the given fetch, or the global one: the server needs no renaming). */
export const stripeOnFetch = (
  origin: string,
  key: string,
  fetchImpl: typeof fetch = fetch,
): Stripe => stripeClient(origin, key, { fetch: fetchImpl });

/** stripe with its default HTTP client, node:http with a keep-alive agent. */
export const stripeOnNodeHttp = (origin: string, key: string): Stripe =>
  stripeClient(origin, key, { httpClient: 'node' });
