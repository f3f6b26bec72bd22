import { ApiProblem } from '../../problem';
import type { Viewer } from './auth';

/**
 * How a read (GET by id or slug) of a post in the trash is answered: it returns normally when the
 * viewer may have the record, and throws the refusal otherwise. `what` names the record for the
 * message ("event with id 115").
 *
 * The plugin's single-record endpoints ask WordPress whether the user may read the post, which for
 * a post in the trash means whether the user may edit it. (The Events Calendar 6.17.2 started to
 * refuse a trashed event to everyone, `event-no-longer-available`; the server keeps the answer of
 * the releases before it, for events as for venues and organizers, so that a client that deletes an
 * event, as WordPress's own api-fetch does, can read it back.)
 */
export type TrashedRead = (viewer: Viewer, what: string) => void;

/**
 * A trashed record goes to those WordPress lets read it, and 403 `<noun>-not-accessible` to
 * others. For a post in the trash WordPress asks whether the user may edit it (or wrote it); here,
 * as for drafts, that is an editor or administrator.
 */
export function readableByEditors(noun: 'event' | 'venue' | 'organizer'): TrashedRead {
  return (viewer, what) => {
    if (viewer.canEdit) return;
    throw new ApiProblem(
      403,
      `The ${what} is in the trash: only users who may edit it can read it`,
      `${noun}-not-accessible`,
    );
  };
}
