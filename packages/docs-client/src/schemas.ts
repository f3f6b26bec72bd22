/**
 * The wire contract of the documentation hosting interface, as zod schemas. The client checks its
 * inputs with them and the reference server validates requests with the same ones, so the two can
 * never disagree. Request schemas are strict: a field they do not know is refused by name, so a
 * misspelt one is never dropped silently (`docs.request()` sends what the schemas do not know yet).
 * Response schemas are loose: fields the interface adds later pass through.
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

/** Whether the space's content can be edited (`live`) or not (`locked`). */
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

function mergeRulesOf(object: typeof z.strictObject | typeof z.looseObject) {
  return z.union([
    object({ type: z.literal('inherit') }),
    object({ type: z.literal('none') }),
    object({ type: z.literal('rules'), rules: z.array(z.unknown()) }),
  ]);
}

/** The space's merge rules: inherited from its parent, none, or a list of rules. */
export const MergeRules = mergeRulesOf(z.strictObject);
export type MergeRules = z.infer<typeof MergeRules>;

/** Points at a space or a collection, to place content before or after it. */
export const ContentPointer = z.union([
  z.strictObject({ type: z.literal('space'), space: nonEmpty }),
  z.strictObject({ type: z.literal('collection'), collection: nonEmpty }),
]);
export type ContentPointer = z.infer<typeof ContentPointer>;

/** Where a moved space goes among its new siblings: before or after one of them. */
export const ContentPosition = z.strictObject({
  before: z.optional(ContentPointer),
  after: z.optional(ContentPointer),
});
export type ContentPosition = z.infer<typeof ContentPosition>;

// ---- resources ----

/** A user: id, display name, and email and photo when the token may see them. */
export const User = z.looseObject({
  object: z.literal('user'),
  id: z.string(),
  displayName: z.string(),
  email: z.optional(z.string()),
  photoURL: z.optional(z.string()),
  /** Where the user is: `location` is the user's own URL in the API. */
  urls: z.looseObject({ location: z.string() }),
});
export type User = z.infer<typeof User>;

/** What the caller may do in a space; each flag answers for the token that read the space. */
export const SpacePermissions = z.looseObject({
  /** Read the published content. */
  view: z.boolean(),
  /** Open the space in the application (the caller holds a role in it). */
  access: z.boolean(),
  /** Manage the space: title, integrations, members. */
  admin: z.boolean(),
  /** See the space's invite links. */
  viewInviteLinks: z.boolean(),
  /** Change the content through change requests. */
  edit: z.boolean(),
  /** Start a Git import or export. */
  triggerGitSync: z.boolean(),
  /** Comment on the content. */
  comment: z.boolean(),
  /** Merge change requests. */
  merge: z.boolean(),
  /** Review change requests. */
  review: z.boolean(),
  /** Install integrations in the space. */
  installIntegration: z.boolean(),
});
export type SpacePermissions = z.infer<typeof SpacePermissions>;

/** A space: its title, icon, place in the organization, access defaults and URLs. */
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
  // Read loosely: rules the interface adds later pass through.
  mergeRules: mergeRulesOf(z.looseObject),
  /** The id of the content revision that is live. */
  revision: z.string(),
  /**
   * Where the space is: `location` in the API, `app` in the application, and `published` for
   * the published content (left out when the space is private).
   */
  urls: z.looseObject({
    location: z.string(),
    app: z.string(),
    published: z.optional(z.string()),
  }),
  /** What the caller may do in the space. */
  permissions: SpacePermissions,
  /** How many comments are open on the space. */
  comments: z.number(),
  /** How many change requests the space has had, whatever their status. */
  changeRequests: z.number(),
  /** How many of its change requests are open. */
  changeRequestsOpen: z.number(),
  /** How many of its change requests are drafts. */
  changeRequestsDraft: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.optional(z.string()),
});
export type Space = z.infer<typeof Space>;

/** The interface's release version and build date. */
export const ApiInformation = z.looseObject({ version: z.string(), build: z.string() });
export type ApiInformation = z.infer<typeof ApiInformation>;

/** A short-lived token and the moment it expires. */
export const APITemporaryToken = z.looseObject({ token: z.string(), expiresAt: z.string() });
export type APITemporaryToken = z.infer<typeof APITemporaryToken>;

/** How a URL is embedded: a link, or rich media with its HTML. */
export const Embed = z.looseObject({
  type: z.enum(['link', 'rich']),
  title: z.string(),
  site: z.string(),
  icon: z.optional(z.string()),
  html: z.optional(z.string()),
});
export type Embed = z.infer<typeof Embed>;

/** A section of a page that matched a search, with its own score. */
export const SearchSection = z.looseObject({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  score: z.number(),
  body: z.string(),
  /** Where the section is: `app` opens it in the application. */
  urls: z.looseObject({ app: z.string() }),
});
export type SearchSection = z.infer<typeof SearchSection>;

/** A page that matched a search: its rank, score, path, ancestors and matching sections. */
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

/** A team of an organization, with its size and what the caller may do with it. */
export const OrganizationTeam = z.looseObject({
  object: z.literal('team'),
  id: z.string(),
  title: z.string(),
  /** How many users are in the team. */
  members: z.number(),
  /** How many spaces the team has a role in. */
  spaces: z.number(),
  createdAt: z.string(),
  /** `view`: the caller may see the team and its members; `admin`: the caller may manage it. */
  permissions: z.looseObject({ admin: z.boolean(), view: z.boolean() }),
});
export type OrganizationTeam = z.infer<typeof OrganizationTeam>;

/** A team and its role in a space. */
export const TeamPermission = z.looseObject({
  permission: MemberRole,
  team: OrganizationTeam,
});
export type TeamPermission = z.infer<typeof TeamPermission>;

/** A user and their role in a space. */
export const UserContentPermission = z.looseObject({ permission: MemberRole, user: User });
export type UserContentPermission = z.infer<typeof UserContentPermission>;

/** One Git import or export: its direction, state, start and end, and error if it failed. */
export const GitSyncOperation = z.looseObject({
  state: z.enum(['running', 'success', 'failure', 'timeout']),
  direction: z.enum(['import', 'export']),
  startedAt: z.string(),
  endedAt: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type GitSyncOperation = z.infer<typeof GitSyncOperation>;

/** A space's Git provider and installation, repository, and its last import or export. */
export const GitSyncState = z.looseObject({
  /** The id of the Git sync installation the space is bound to. */
  installationId: z.string(),
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
/** A page of a listing, as `listOf` parses it. */
export interface List<T> {
  items: T[];
  next?: { page: string };
  count?: number;
}

/** The interface's error body: `{ error: { code, message } }`. */
export const DocsErrorBody = z.looseObject({
  error: z.looseObject({ code: z.number(), message: z.string() }),
});
export type DocsErrorBody = z.infer<typeof DocsErrorBody>;

// ---- requests ----

const hasSomeProperty = (value: object) => Object.values(value).some((v) => v !== undefined);

/** Changes to a user: `displayName` (1 to 64 characters) or `photoURL`, at least one. */
export const UpdateUserBody = z
  .strictObject({
    displayName: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    photoURL: z.optional(urlString()),
  })
  .check(z.refine(hasSomeProperty, 'must set displayName or photoURL'));
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** Changes to a space: at least one property; `emoji` and `icon` exclude each other unless both are null. */
export const UpdateSpaceBody = z
  .strictObject({
    editMode: z.optional(SpaceEditMode),
    title: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
    defaultLevel: z.optional(DefaultLevel),
    language: z.optional(TranslationLanguage),
    mergeRules: z.optional(MergeRules),
    emoji: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(32)))),
    icon: z.optional(z.nullable(urlString())),
  })
  .check(
    z.refine(
      hasSomeProperty,
      'must change at least one of editMode, title, defaultLevel, language, mergeRules, emoji, icon',
    ),
    z.refine(
      (body) =>
        !(body.emoji !== undefined && body.icon !== undefined) ||
        (body.emoji === null && body.icon === null),
      'may set emoji or icon, not both (both null removes them)',
    ),
  );
export type UpdateSpaceBody = z.infer<typeof UpdateSpaceBody>;

/** Where to move a space: a new `parent` (null for the top level) or a `position`, or both. */
export const MoveSpaceBody = z
  .strictObject({
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

/** Query of reading a space: an optional share key. */
export const GetSpaceQuery = z.strictObject({ shareKey: z.optional(nonEmpty) });
export type GetSpaceQuery = z.infer<typeof GetSpaceQuery>;

/** Query of reading an embed: the URL to embed. */
export const EmbedQuery = z.strictObject({ url: urlString() });
export type EmbedQuery = z.infer<typeof EmbedQuery>;

/** Page size of a listing: 0 to 1000, 50 when left out. */
export const ListLimit = integer(0, 1000);

/** Query of a listing: page size and the cursor of the page to read. */
export const ListQuery = z.strictObject({
  limit: z.optional(ListLimit),
  page: z.optional(nonEmpty),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** Query of a search: the text (1 to 512 characters), page size and cursor. */
export const SearchQuery = z.strictObject({
  query: z.string().check(z.minLength(1), z.maxLength(512)),
  limit: z.optional(ListLimit),
  page: z.optional(nonEmpty),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** An invitation: a role (null for guests) for at least one user or team. */
export const InviteUsersAndTeams = z
  .strictObject({
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

/** A new role for a user or team in a space (null makes them a guest). */
export const UpdatePermissionBody = z.strictObject({ role: z.optional(MemberRoleOrGuest) });
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

/** Where to import a space's content from: repository URL, ref and options. */
export const ImportGitRepository = z.strictObject(importShape);
export type ImportGitRepository = z.infer<typeof ImportGitRepository>;

/** Where to export a space's content to, with the commit message. */
export const ExportToGitRepository = z.strictObject({ ...importShape, commitMessage: nonEmpty });
export type ExportToGitRepository = z.infer<typeof ExportToGitRepository>;

/** A page of search results. */
export const SearchResultList = listOf(SearchPageResult);
/** A page of a space's team permissions. */
export const TeamPermissionList = listOf(TeamPermission);
/** A page of a space's user permissions. */
export const UserPermissionList = listOf(UserContentPermission);
