/**
 * The wire contract of the documentation hosting interface, as zod schemas. The client checks its
 * inputs with them and the reference server validates requests with the same ones, so the two can
 * never disagree. Response schemas are loose: fields the interface adds later pass through.
 *
 * @module
 */
import { integer, isoDateTimeString, urlString } from '@clientkit/core';
import * as z from 'zod/mini';

const nonEmpty = z.string().check(z.minLength(1));

/** A role in a space, from most to least powerful. */
export const MemberRole = z.enum(['admin', 'create', 'edit', 'review', 'comment', 'read']);
export type MemberRole = z.infer<typeof MemberRole>;

/** A role, or `null` for a guest. */
export const MemberRoleOrGuest = z.nullable(MemberRole);
export type MemberRoleOrGuest = z.infer<typeof MemberRoleOrGuest>;

/** The role everyone in the organization gets, or `inherit` from the parent. */
export const DefaultLevel = z.union([MemberRole, z.null(), z.literal('inherit')]);
export type DefaultLevel = z.infer<typeof DefaultLevel>;

export const SpaceEditMode = z.enum(['live', 'locked']);
export type SpaceEditMode = z.infer<typeof SpaceEditMode>;

/** A language code such as `en`, `fr`, `pt-br` or `zh-tw`. */
export const TranslationLanguage = z
  .string()
  .check(
    z.refine(
      (value) => /^[a-z]{2}(-[a-z]{2})?$/.test(value),
      'must be a language code such as en, fr or pt-br',
    ),
  );

export const MergeRules = z.union([
  z.object({ type: z.literal('inherit') }),
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('rules'), rules: z.array(z.unknown()) }),
]);
export type MergeRules = z.infer<typeof MergeRules>;

/** Points at a space or a collection, to place content before or after it. */
export const ContentPointer = z.union([
  z.object({ type: z.literal('space'), space: nonEmpty }),
  z.object({ type: z.literal('collection'), collection: nonEmpty }),
]);
export type ContentPointer = z.infer<typeof ContentPointer>;

export const ContentPosition = z.object({
  before: z.optional(ContentPointer),
  after: z.optional(ContentPointer),
});
export type ContentPosition = z.infer<typeof ContentPosition>;

// ---- resources ----

export const User = z.looseObject({
  object: z.literal('user'),
  id: z.string(),
  displayName: z.string(),
  email: z.optional(z.string()),
  photoURL: z.optional(z.string()),
});
export type User = z.infer<typeof User>;

export const Space = z.looseObject({
  object: z.literal('space'),
  id: z.string(),
  title: z.string(),
  emoji: z.optional(z.nullable(z.string())),
  icon: z.optional(z.nullable(z.string())),
  organization: z.string(),
  parent: z.optional(z.nullable(z.string())),
  visibility: z.string(),
  editMode: SpaceEditMode,
  defaultLevel: DefaultLevel,
  language: z.string(),
  mergeRules: MergeRules,
  urls: z.looseObject({ location: z.string(), app: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.optional(z.string()),
});
export type Space = z.infer<typeof Space>;

export const ApiInformation = z.looseObject({ version: z.string(), build: z.string() });
export type ApiInformation = z.infer<typeof ApiInformation>;

export const APITemporaryToken = z.looseObject({ token: z.string(), expiresAt: z.string() });
export type APITemporaryToken = z.infer<typeof APITemporaryToken>;

export const Embed = z.looseObject({
  type: z.enum(['link', 'rich']),
  title: z.string(),
  site: z.string(),
  icon: z.optional(z.string()),
  html: z.optional(z.string()),
});
export type Embed = z.infer<typeof Embed>;

export const SearchSection = z.looseObject({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  score: z.number(),
  body: z.string(),
});
export type SearchSection = z.infer<typeof SearchSection>;

export const SearchPageResult = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  path: z.string(),
  score: z.number(),
  rank: z.number(),
  ancestors: z.array(z.looseObject({ title: z.string() })),
  urls: z.looseObject({ app: z.string() }),
  sections: z.optional(z.array(SearchSection)),
});
export type SearchPageResult = z.infer<typeof SearchPageResult>;

export const TeamPermission = z.looseObject({
  permission: MemberRole,
  team: z.looseObject({ id: z.string(), title: z.string() }),
});
export type TeamPermission = z.infer<typeof TeamPermission>;

export const UserContentPermission = z.looseObject({ permission: MemberRole, user: User });
export type UserContentPermission = z.infer<typeof UserContentPermission>;

export const GitSyncOperation = z.looseObject({
  state: z.enum(['running', 'success', 'failure', 'timeout']),
  direction: z.enum(['import', 'export']),
  startedAt: z.string(),
  endedAt: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type GitSyncOperation = z.infer<typeof GitSyncOperation>;

export const GitSyncState = z.looseObject({
  installationProvider: z.enum(['github', 'gitlab']),
  installationStatus: z.enum(['active', 'pending', 'unauthenticated']),
  repoName: z.optional(z.string()),
  url: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  operation: z.optional(GitSyncOperation),
});
export type GitSyncState = z.infer<typeof GitSyncState>;

/** The envelope of every listing: the items, the cursor of the next page, and a count. */
export function listOf<T extends z.core.$ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    next: z.optional(z.looseObject({ page: z.string() })),
    count: z.optional(z.number()),
  });
}
export interface List<T> {
  items: T[];
  next?: { page: string };
  count?: number;
}

export const DocsErrorBody = z.looseObject({
  error: z.looseObject({ code: z.number(), message: z.string() }),
});
export type DocsErrorBody = z.infer<typeof DocsErrorBody>;

// ---- requests ----

const hasSomeProperty = (value: object) => Object.values(value).some((v) => v !== undefined);

export const UpdateUserBody = z
  .object({
    displayName: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    photoURL: z.optional(urlString()),
  })
  .check(z.refine(hasSomeProperty, 'must set displayName or photoURL'));
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const UpdateSpaceBody = z
  .object({
    editMode: z.optional(SpaceEditMode),
    title: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
    defaultLevel: z.optional(DefaultLevel),
    language: z.optional(TranslationLanguage),
    mergeRules: z.optional(MergeRules),
    emoji: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(32)))),
    icon: z.optional(z.nullable(urlString())),
  })
  .check(
    z.refine(hasSomeProperty, 'must change at least one property'),
    z.refine(
      (body) =>
        !(body.emoji !== undefined && body.icon !== undefined) ||
        (body.emoji === null && body.icon === null),
      'may set emoji or icon, not both (both null removes them)',
    ),
  );
export type UpdateSpaceBody = z.infer<typeof UpdateSpaceBody>;

export const MoveSpaceBody = z
  .object({
    parent: z.optional(z.nullable(nonEmpty)),
    position: z.optional(ContentPosition),
  })
  .check(
    z.refine(
      (body) => 'parent' in body || body.position !== undefined,
      'must set parent or position',
    ),
  );
export type MoveSpaceBody = z.infer<typeof MoveSpaceBody>;

export const GetSpaceQuery = z.object({ shareKey: z.optional(nonEmpty) });
export type GetSpaceQuery = z.infer<typeof GetSpaceQuery>;

export const EmbedQuery = z.object({ url: urlString() });
export type EmbedQuery = z.infer<typeof EmbedQuery>;

/** Page size of a listing: 0 to 1000, 50 when left out. */
export const ListLimit = integer(0, 1000);

export const ListQuery = z.object({
  limit: z.optional(ListLimit),
  page: z.optional(nonEmpty),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const SearchQuery = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(512)),
  limit: z.optional(ListLimit),
  page: z.optional(nonEmpty),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const InviteUsersAndTeams = z
  .object({
    role: MemberRoleOrGuest,
    users: z.optional(z.array(nonEmpty)),
    teams: z.optional(z.array(nonEmpty)),
  })
  .check(
    z.refine(
      (body) => (body.users?.length ?? 0) + (body.teams?.length ?? 0) > 0,
      'must name at least one user or team',
    ),
  );
export type InviteUsersAndTeams = z.infer<typeof InviteUsersAndTeams>;

export const UpdatePermissionBody = z.object({ role: z.optional(MemberRoleOrGuest) });
export type UpdatePermissionBody = z.infer<typeof UpdatePermissionBody>;

const importShape = {
  url: urlString(),
  ref: nonEmpty,
  repoTreeURL: z.optional(urlString()),
  repoCommitURL: z.optional(urlString()),
  repoProjectDirectory: z.optional(z.string()),
  timestamp: z.optional(isoDateTimeString()),
  force: z.optional(z.boolean()),
  standalone: z.optional(z.boolean()),
};

export const ImportGitRepository = z.object(importShape);
export type ImportGitRepository = z.infer<typeof ImportGitRepository>;

export const ExportToGitRepository = z.object({ ...importShape, commitMessage: nonEmpty });
export type ExportToGitRepository = z.infer<typeof ExportToGitRepository>;

export const SearchResultList = listOf(SearchPageResult);
export const TeamPermissionList = listOf(TeamPermission);
export const UserPermissionList = listOf(UserContentPermission);
