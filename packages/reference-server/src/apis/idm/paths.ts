import { idm } from '@clientkit/contracts/idm';

/** The management API's base path. */
export const IDM_BASE = idm.base;

/** The path of the client credentials exchange, at the site's root. */
export const TOKEN_PATH = idm.operations.getToken.path;
