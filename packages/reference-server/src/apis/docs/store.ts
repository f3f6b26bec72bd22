import type {
  ContentPointer,
  DefaultLevel,
  MemberRole,
  MergeRules,
  SpaceEditMode,
} from '@clientkit/contracts/docs';
import type { Clock } from '../../clock';
import { ApiProblem } from '../../problem';

export interface StoredPage {
  id: string;
  title: string;
  description: string;
  path: string;
  published: boolean;
  sections: { id: string; title: string; body: string }[];
}

export interface StoredGitOperation {
  state: 'running' | 'success' | 'failure' | 'timeout';
  direction: 'import' | 'export';
  startedAt: string;
  endedAt?: string;
  error?: string;
  /** When a running operation finishes, on the server clock (ms). */
  finishesAt: number;
  /** The repository URL without credentials. */
  url: string;
}

export interface StoredSpace {
  id: string;
  title: string;
  emoji: string | null;
  icon: string | null;
  organization: string;
  parent: string | null;
  order: number;
  visibility: string;
  editMode: SpaceEditMode;
  defaultLevel: DefaultLevel;
  language: string;
  mergeRules: MergeRules;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  /** The id of the content revision that is live; a successful Git import makes a new one. */
  revision: string;
  /** Open comments on the space's content. */
  comments: number;
  /** Change requests by status; the total counts merged and closed ones too. */
  changeRequests: { open: number; draft: number; total: number };
  legacyGitInstallation: boolean;
  git?: {
    /** The id of the Git sync installation the space is bound to. */
    installationId: string;
    provider: 'github' | 'gitlab';
    status: 'active' | 'pending' | 'unauthenticated';
    repoName?: string;
    url?: string;
    updatedAt?: string;
    operation?: StoredGitOperation;
  };
  userPermissions: Record<string, MemberRole>;
  teamPermissions: Record<string, MemberRole>;
  pages: StoredPage[];
}

export interface DocsState {
  organizations: { id: string; title: string }[];
  users: {
    id: string;
    displayName: string;
    email: string;
    photoURL?: string;
    organizations: string[];
  }[];
  teams: {
    id: string;
    title: string;
    organization: string;
    createdAt: string;
    /** User ids of the team's members. */
    members: string[];
  }[];
  collections: { id: string; title: string; organization: string; order: number }[];
  spaces: StoredSpace[];
}

/** How long a deleted space can be restored. */
export const TRASH_RETENTION_MS = 7 * 24 * 3_600_000;
/** How long a Git import or export runs, on the server clock. */
export const GIT_OPERATION_MS = 2_000;

let idCounter = 0;
export function newId(prefix: string): string {
  idCounter += 1;
  return `${prefix}_${Date.now().toString(36)}${idCounter.toString(36)}`;
}

/** The documentation interface's data and the rules that change it. */
export class DocsStore {
  state: DocsState;
  readonly #clock: Clock;

  constructor(state: DocsState, clock: Clock) {
    this.state = state;
    this.#clock = clock;
  }

  now(): string {
    return this.#clock.date().toISOString();
  }

  user(id: string) {
    return this.state.users.find((user) => user.id === id);
  }

  team(id: string) {
    return this.state.teams.find((team) => team.id === id);
  }

  /** A space in any state; a space deleted more than 7 days ago is purged and counts as absent. */
  anySpace(id: string): StoredSpace | undefined {
    const space = this.state.spaces.find((s) => s.id === id);
    if (space?.deletedAt && this.#clock.now() - Date.parse(space.deletedAt) > TRASH_RETENTION_MS) {
      this.state.spaces = this.state.spaces.filter((s) => s !== space);
      return undefined;
    }
    return space;
  }

  /** An active space, or a 404. Trashed spaces are not found. */
  activeSpace(id: string): StoredSpace {
    const space = this.anySpace(id);
    if (!space || space.deletedAt) throw new ApiProblem(404, `Space "${id}" not found`);
    this.#settleGit(space);
    return space;
  }

  touch(space: StoredSpace): void {
    space.updatedAt = this.now();
  }

  /** Moves an active space to the trash; false when there was no active space to delete. */
  trash(id: string): boolean {
    const space = this.anySpace(id);
    if (!space || space.deletedAt) return false;
    space.deletedAt = this.now();
    return true;
  }

  /** Brings a trashed space back within its retention; an active space is returned unchanged. */
  restore(id: string): StoredSpace {
    const space = this.anySpace(id);
    if (!space)
      throw new ApiProblem(404, `Space "${id}" not found, or deleted more than 7 days ago`);
    if (space.deletedAt) {
      delete space.deletedAt;
      this.touch(space);
    }
    return space;
  }

  duplicate(space: StoredSpace): StoredSpace {
    const copy: StoredSpace = structuredClone(space);
    copy.id = newId('space');
    copy.title = `${space.title} (copy)`.slice(0, 50);
    copy.createdAt = this.now();
    copy.updatedAt = copy.createdAt;
    copy.legacyGitInstallation = false;
    // The copy starts its own history: a new revision, no comments and no change requests.
    copy.revision = newId('rev');
    copy.comments = 0;
    copy.changeRequests = { open: 0, draft: 0, total: 0 };
    delete copy.git;
    copy.pages = copy.pages.map((page) => ({
      ...page,
      id: newId('page'),
      sections: page.sections.map((s) => ({ ...s, id: newId('sec') })),
    }));
    const siblings = this.siblings(space.organization, space.parent);
    const at = siblings.findIndex((item) => item.id === space.id);
    siblings.splice(at + 1, 0, { kind: 'space', id: copy.id, item: copy });
    this.state.spaces.push(copy);
    renumber(siblings);
    return copy;
  }

  /** Active spaces and collections under `parent` in an organization, in their order. */
  siblings(organization: string, parent: string | null): Sibling[] {
    const spaces: Sibling[] = this.state.spaces
      .filter((s) => s.organization === organization && s.parent === parent && !s.deletedAt)
      .map((s) => ({ kind: 'space', id: s.id, item: s }));
    const collections: Sibling[] =
      parent === null
        ? this.state.collections
            .filter((c) => c.organization === organization)
            .map((c) => ({ kind: 'collection', id: c.id, item: c }))
        : [];
    return [...spaces, ...collections].sort((a, b) => a.item.order - b.item.order);
  }

  /**
   * Moves a space under `parent` (a collection, or null for the top level) at `position`. A target
   * that does not exist in the organization is a 400; a move that changes nothing is a 409.
   */
  move(
    space: StoredSpace,
    parent: string | null | undefined,
    position: { before?: ContentPointer; after?: ContentPointer } | undefined,
  ): void {
    const targetParent = parent === undefined ? space.parent : parent;
    if (targetParent !== null) {
      const collection = this.state.collections.find((c) => c.id === targetParent);
      if (!collection || collection.organization !== space.organization) {
        throw new ApiProblem(
          400,
          `Collection "${targetParent}" does not exist in this organization`,
        );
      }
    }
    const current = this.siblings(space.organization, space.parent);
    const target = this.siblings(space.organization, targetParent).filter((s) => s.id !== space.id);
    let index = target.length;
    const locate = (pointer: ContentPointer) => {
      const id = pointer.type === 'space' ? pointer.space : pointer.collection;
      if (id === space.id)
        throw new ApiProblem(400, 'A space cannot be positioned relative to itself');
      const at = target.findIndex((s) => s.kind === pointer.type && s.id === id);
      if (at === -1) {
        throw new ApiProblem(
          400,
          `Position refers to ${pointer.type} "${id}", which is not in the target location`,
        );
      }
      return at;
    };
    if (position?.before && position.after) {
      const before = locate(position.before);
      const after = locate(position.after);
      if (after + 1 !== before)
        throw new ApiProblem(400, 'Position: "after" must come right before "before"');
      index = before;
    } else if (position?.before) {
      index = locate(position.before);
    } else if (position?.after) {
      index = locate(position.after) + 1;
    }
    const sameParent = targetParent === space.parent;
    const currentIndex = current.findIndex((s) => s.id === space.id);
    if (sameParent && index === currentIndex)
      throw new ApiProblem(409, 'The move would not change anything');
    target.splice(index, 0, { kind: 'space', id: space.id, item: space });
    space.parent = targetParent;
    renumber(target);
    if (!sameParent) renumber(current.filter((s) => s.id !== space.id));
    this.touch(space);
  }

  startGitOperation(space: StoredSpace, direction: 'import' | 'export', url: string): void {
    const git = space.git;
    if (!git) throw new ApiProblem(404, `Space "${space.id}" has no Git provider set up`);
    const now = this.#clock.now();
    const unauthenticated = git.status === 'unauthenticated';
    git.operation = {
      state: unauthenticated ? 'failure' : 'running',
      direction,
      startedAt: new Date(now).toISOString(),
      finishesAt: now + GIT_OPERATION_MS,
      url: withoutCredentials(url),
      ...(unauthenticated
        ? {
            endedAt: new Date(now).toISOString(),
            error: 'The Git provider installation is not authenticated',
          }
        : {}),
    };
  }

  /** Finishes a running Git operation once its time has come on the clock. */
  #settleGit(space: StoredSpace): void {
    const operation = space.git?.operation;
    if (!space.git || !operation || operation.state !== 'running') return;
    if (this.#clock.now() < operation.finishesAt) return;
    const endedAt = new Date(operation.finishesAt).toISOString();
    operation.state = 'success';
    operation.endedAt = endedAt;
    space.git.url = operation.url;
    space.git.repoName = repoNameOf(operation.url);
    space.git.updatedAt = endedAt;
    // An import replaces the content, so the space moves to a new revision; an export reads it.
    if (operation.direction === 'import') space.revision = newId('rev');
  }
}

export interface Sibling {
  kind: 'space' | 'collection';
  id: string;
  item: { order: number };
}

function renumber(siblings: Sibling[]): void {
  siblings.forEach((sibling, index) => {
    sibling.item.order = index;
  });
}

/** The URL with any user name and password taken out. */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

function repoNameOf(url: string): string {
  const parts = new URL(url).pathname
    .replace(/\.git$/, '')
    .split('/')
    .filter(Boolean);
  return parts.slice(-2).join('/');
}
