import type { Context } from 'hono';
import type { ApiProblem } from '../../problem';

/** What the layers of one request learn about it, for the log event it leaves behind. */
export interface RequestNotes {
  /** The application that made the request, from its token or its credentials. */
  clientId?: string;
  /** The refusal the request was answered with, if any. */
  problem?: ApiProblem;
}

const notes = new WeakMap<Context, RequestNotes>();

/** The notes of a request, created on first use. */
export function notesOf(c: Context): RequestNotes {
  let found = notes.get(c);
  if (!found) {
    found = {};
    notes.set(c, found);
  }
  return found;
}
