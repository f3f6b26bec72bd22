/** A token and when it stops being valid, as a token endpoint reports it. */
export interface IssuedToken {
  token: string;
  /** The moment the token expires. */
  expiresAt?: Date | number;
  /** Or: seconds from now until it expires (OAuth's `expires_in`). */
  expiresIn?: number;
}
