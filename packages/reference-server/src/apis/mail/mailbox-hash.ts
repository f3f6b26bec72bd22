/**
 * The mailbox hash of a plus-address: what follows the first `+` of the local part
 * (`user+ticket-7@example.org` -> `ticket-7`), or "" when there is none. The service computes it
 * for every address of a message, not only for its own inbound addresses, so that a receiver can
 * read the tag a sender or a cc'd mailbox carries as well.
 */
export function mailboxHashOf(address: string): string {
  const at = address.lastIndexOf('@');
  const local = at === -1 ? address : address.slice(0, at);
  const plus = local.indexOf('+');
  return plus === -1 ? '' : local.slice(plus + 1);
}
