import { ApiProblem } from '../../problem';
import type { Viewer } from './auth';

/**
 * How a read (GET by id or slug) of a post in the trash is answered: it returns normally when the
 * viewer may have the record, and throws the refusal otherwise. `what` names the record for the
 * message ("event with id 115").
 *
 * The kinds differ because the plugin's endpoints do: since The Events Calendar 6.17.2 the single
 * event endpoint refuses a trashed event before it looks at capabilities, while the venue and
 * organizer endpoints still ask WordPress whether the user may read the post.
 */
export type TrashedRead = (viewer: Viewer, what: string) => void;

/** A trashed event is refused to everyone, editors included: 403 `event-no-longer-available`. */
export const refuseTrashedEvent: TrashedRead = (_viewer, what) => {
  throw new ApiProblem(
    403,
    `The ${what} is in the trash and no longer available`,
    'event-no-longer-available',
  );
};

/**
 * A trashed venue or organizer goes to those WordPress lets read it, and 403
 * `<noun>-not-accessible` to others. For a post in the trash WordPress asks whether the user may
 * edit it (or wrote it); here, as for drafts, that is an editor or administrator.
 */
export function readableByEditors(noun: 'venue' | 'organizer'): TrashedRead {
  return (viewer, what) => {
    if (viewer.canEdit) return;
    throw new ApiProblem(
      403,
      `The ${what} is in the trash: only users who may edit it can read it`,
      `${noun}-not-accessible`,
    );
  };
}
