/**
 * What an idm client loads only when a program first needs it: the exchange of client credentials
 * for tokens, and the scope check of `checkScopes`. A client given a token without `checkScopes`
 * never loads it (see bench/README.md for what that saves).
 */
export { checkCallScope } from './scopes';
export { exchangeToken } from './token-exchange';
