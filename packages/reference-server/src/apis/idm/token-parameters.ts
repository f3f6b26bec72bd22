import { TokenRequest } from '@clientkit/contracts/idm';
import { z } from 'zod/mini';

/**
 * The token request as the server reads it: the contract's, less its refusal of unknown
 * parameters, which an authorization server ignores (RFC 6749 §3.2). The credentials are optional
 * in the body because a client may send them by `Authorization: Basic` instead.
 */
export const TokenParameters = z.looseObject({
  ...TokenRequest.shape,
  client_id: z.optional(TokenRequest.shape.client_id),
  client_secret: z.optional(TokenRequest.shape.client_secret),
});
