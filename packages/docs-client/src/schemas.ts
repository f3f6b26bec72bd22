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
  /** Place it just before this space or collection. */
  before: z.optional(ContentPointer),
  /** Place it just after this space or collection. */
  after: z.optional(ContentPointer),
});
/** Where a moved space goes among its new siblings: before or after one of them. */
export interface ContentPosition extends z.infer<typeof ContentPosition> {}

// ---- resources ----

/** A user: id, display name, and email and photo when the token may see them. */
export const User = z.looseObject({
  /** Always `user`. */
  object: z.literal('user'),
  /** The user's id, such as `usr_ada`. */
  id: z.string(),
  /** The user's full name, 1 to 64 characters. */
  displayName: z.string(),
  /** The user's email address, when the token may see it. */
  email: z.optional(z.string()),
  /** The address of the profile picture, when there is one. */
  photoURL: z.optional(z.string()),
  /** Where the user is: `location` is the user's own URL in the API. */
  urls: z.looseObject({ location: z.string() }),
});
/** A user: id, display name, and email and photo when the token may see them. */
export interface User extends z.infer<typeof User> {}

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
/** What the caller may do in a space; each flag answers for the token that read the space. */
export interface SpacePermissions extends z.infer<typeof SpacePermissions> {}

/** A space: its title, icon, place in the organization, access defaults and URLs. */
export const Space = z.looseObject({
  /** Always `space`. */
  object: z.literal('space'),
  /** The space's id, such as `space_handbook`. */
  id: z.string(),
  /** The title shown in the app. */
  title: z.string(),
  /**
   * The space's emoji as a Unicode code point in hex, such as `1f4d8`; null or missing when it has
   * none.
   */
  emoji: z.optional(z.nullable(z.string())),
  /**
   * The URL of the space's icon; null or missing when it has none. A space has an emoji or an icon,
   * not both.
   */
  icon: z.optional(z.nullable(z.string())),
  /** The id of the organization the space belongs to. */
  organization: z.string(),
  /** The id of the collection or space it sits in; null or missing at the top level. */
  parent: z.optional(z.nullable(z.string())),
  /** Who can see the space's published content, such as `public` or `private`. */
  visibility: z.string(),
  /** Whether its content can be edited (`live`) or not (`locked`). */
  editMode: SpaceEditMode,
  /**
   * The role everyone in the organization gets: a role, null for none, or `inherit` from the
   * parent.
   */
  defaultLevel: DefaultLevel,
  /** The content's language code, such as `en` or `pt-br`. */
  language: z.string(),
  // Read loosely: rules the interface adds later pass through.
  /** How change requests are merged: inherited from the parent, none, or a list of rules. */
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
  /** When the space was created, ISO 8601. */
  createdAt: z.string(),
  /** When the space last changed, ISO 8601. */
  updatedAt: z.string(),
  /** When the space was moved to the trash; only on a trashed space. */
  deletedAt: z.optional(z.string()),
});
/** A space: its title, icon, place in the organization, access defaults and URLs. */
export interface Space extends z.infer<typeof Space> {}

/** The interface's release version and build date. */
export const ApiInformation = z.looseObject({
  /** The interface's release, such as `0.0.1-beta`. */
  version: z.string(),
  /** When that release was built, ISO 8601. */
  build: z.string(),
});
/** The interface's release version and build date. */
export interface ApiInformation extends z.infer<typeof ApiInformation> {}

/** A short-lived token and the moment it expires. */
export const APITemporaryToken = z.looseObject({
  /** The token. A secret: never logged. */
  token: z.string(),
  /** When it stops being accepted, ISO 8601. */
  expiresAt: z.string(),
});
/** A short-lived token and the moment it expires. */
export interface APITemporaryToken extends z.infer<typeof APITemporaryToken> {}

/** How a URL is embedded: a link, or rich media with its HTML. */
export const Embed = z.looseObject({
  /** `link` for a plain link, `rich` for media with its own HTML. */
  type: z.enum(['link', 'rich']),
  /** The title of the embedded page. */
  title: z.string(),
  /** The name of the site it comes from. */
  site: z.string(),
  /** The URL of the site's icon. */
  icon: z.optional(z.string()),
  /** The HTML that embeds it; for `rich` embeds. */
  html: z.optional(z.string()),
});
/** How a URL is embedded. */
export interface Embed extends z.infer<typeof Embed> {}

/** A section of a page that matched a search, with its own score. */
export const SearchSection = z.looseObject({
  /** The section's id within its page. */
  id: z.string(),
  /** The section's heading. */
  title: z.string(),
  /** The path of the page, with the section's anchor. */
  path: z.string(),
  /** How well the section matches; higher is better. */
  score: z.number(),
  /** The section's text around the match. */
  body: z.string(),
  /** Where the section is: `app` opens it in the application. */
  urls: z.looseObject({ app: z.string() }),
});
/** A section of a page that matched a search, with its own score. */
export interface SearchSection extends z.infer<typeof SearchSection> {}

/** A page that matched a search: its rank, score, path, ancestors and matching sections. */
export const SearchPageResult = z.looseObject({
  /** The page's id. */
  id: z.string(),
  /** The page's title. */
  title: z.string(),
  /** The page's description, or empty. */
  description: z.string(),
  /** The page's path within the space. */
  path: z.string(),
  /** How well the page matches; higher is better. */
  score: z.number(),
  /** The page's place in the results, from 1. */
  rank: z.number(),
  /** The pages above it, from the top, by title. */
  ancestors: z.array(z.looseObject({ title: z.string() })),
  /** The page's address in the web app. */
  urls: z.looseObject({ app: z.string() }),
  /** The sections of the page that matched, best first. */
  sections: z.optional(z.array(SearchSection)),
});
/** A page that matched a search: its rank, score, path, ancestors and matching sections. */
export interface SearchPageResult extends z.infer<typeof SearchPageResult> {}

/** A team of an organization, with its size and what the caller may do with it. */
export const OrganizationTeam = z.looseObject({
  /** Always `team`. */
  object: z.literal('team'),
  /** The team's id. */
  id: z.string(),
  /** The team's name. */
  title: z.string(),
  /** How many users are in the team. */
  members: z.number(),
  /** How many spaces the team has a role in. */
  spaces: z.number(),
  /** When the team was created, ISO 8601. */
  createdAt: z.string(),
  /** `view`: the caller may see the team and its members; `admin`: the caller may manage it. */
  permissions: z.looseObject({ admin: z.boolean(), view: z.boolean() }),
});
/** A team of an organization, with its size and what the caller may do with it. */
export interface OrganizationTeam extends z.infer<typeof OrganizationTeam> {}

/** A team and its role in a space. */
export const TeamPermission = z.looseObject({
  /** The team's role in the space. */
  permission: MemberRole,
  /** The team: its id, title, size, and what the caller may do with it. */
  team: OrganizationTeam,
});
/** A team and its role in a space. */
export interface TeamPermission extends z.infer<typeof TeamPermission> {}

/** A user and their role in a space. */
export const UserContentPermission = z.looseObject({
  /** The user's role in the space. */
  permission: MemberRole,
  /** The user. */
  user: User,
});
/** A user and their role in a space. */
export interface UserContentPermission extends z.infer<typeof UserContentPermission> {}

/** One Git import or export: its direction, state, start and end, and error if it failed. */
export const GitSyncOperation = z.looseObject({
  /** `running`, then `success`, `failure` or `timeout`. */
  state: z.enum(['running', 'success', 'failure', 'timeout']),
  /** `import` (repository to space) or `export` (space to repository). */
  direction: z.enum(['import', 'export']),
  /** When it started, ISO 8601. */
  startedAt: z.string(),
  /** When it ended; missing while it runs. */
  endedAt: z.optional(z.string()),
  /** Why it failed; only after a `failure`. */
  error: z.optional(z.string()),
});
/** One Git import or export: its direction, state, start and end, and error if it failed. */
export interface GitSyncOperation extends z.infer<typeof GitSyncOperation> {}

/** A space's Git provider and installation, repository, and its last import or export. */
export const GitSyncState = z.looseObject({
  /** The id of the Git sync installation the space is bound to. */
  installationId: z.string(),
  /** The Git host: `github` or `gitlab`. */
  installationProvider: z.enum(['github', 'gitlab']),
  /** The state of the integration's installation: `active`, `pending` or `unauthenticated`. */
  installationStatus: z.enum(['active', 'pending', 'unauthenticated']),
  /** The repository, such as `acme/docs`. */
  repoName: z.optional(z.string()),
  /** The repository's URL, never with credentials. */
  url: z.optional(z.string()),
  /** When the sync state last changed, ISO 8601. */
  updatedAt: z.optional(z.string()),
  /** The last import or export, when there was one. */
  operation: z.optional(GitSyncOperation),
});
/** A space's Git provider and installation, repository, and its last import or export. */
export interface GitSyncState extends z.infer<typeof GitSyncState> {}

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
  /** The HTTP status as `code`, and a `message` for people. */
  error: z.looseObject({ code: z.number(), message: z.string() }),
});
/** The interface's error body: `{ error: { code, message } }`. */
export interface DocsErrorBody extends z.infer<typeof DocsErrorBody> {}

// ---- requests ----

const hasSomeProperty = (value: object) => Object.values(value).some((v) => v !== undefined);

/** Changes to a user: `displayName` (1 to 64 characters) or `photoURL`, at least one. */
export const UpdateUserBody = z
  .strictObject({
    /** A new full name, 1 to 64 characters. */
    displayName: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    /** The URL of a new profile picture. */
    photoURL: z.optional(urlString()),
  })
  .check(z.refine(hasSomeProperty, 'must set displayName or photoURL'));
/** Changes to a user: `displayName` (1 to 64 characters) or `photoURL`, at least one. */
export interface UpdateUserBody extends z.infer<typeof UpdateUserBody> {}

/** Changes to a space: at least one property; `emoji` and `icon` exclude each other unless both are null. */
export const UpdateSpaceBody = z
  .strictObject({
    /** `live` to allow edits, `locked` to refuse them. */
    editMode: z.optional(SpaceEditMode),
    /** A new title, 1 to 50 characters. */
    title: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
    /** The role everyone in the organization gets: a role, null for none, or `inherit`. */
    defaultLevel: z.optional(DefaultLevel),
    /** A language code such as `en`, `fr` or `pt-br`. */
    language: z.optional(TranslationLanguage),
    /** How change requests are merged. */
    mergeRules: z.optional(MergeRules),
    /**
     * A new emoji (1 to 32 characters), or null to remove it; not together with `icon`, unless both
     * are null.
     */
    emoji: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(32)))),
    /**
     * The URL of a new icon, or null to remove it; not together with `emoji`, unless both are null.
     */
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
/** Changes to a space: at least one property; `emoji` and `icon` exclude each other unless both are null. */
export interface UpdateSpaceBody extends z.infer<typeof UpdateSpaceBody> {}

/** Where to move a space: a new `parent` (null for the top level) or a `position`, or both. */
export const MoveSpaceBody = z
  .strictObject({
    /** The id of the new parent collection or space, or null for the top level. */
    parent: z.optional(z.nullable(nonEmpty)),
    /** Where among its new siblings: before or after one of them. */
    position: z.optional(ContentPosition),
  })
  .check(
    z.refine(
      (body) => 'parent' in body || body.position !== undefined,
      'must set parent or position',
    ),
  );
/** Where to move a space: a new `parent` (null for the top level) or a `position`, or both. */
export interface MoveSpaceBody extends z.infer<typeof MoveSpaceBody> {}

/** Query of reading a space: an optional share key. */
export const GetSpaceQuery = z.strictObject({
  /** The key of a site share link, to read the space through it. */
  shareKey: z.optional(nonEmpty),
});
/** Query of reading a space: an optional share key. */
export interface GetSpaceQuery extends z.infer<typeof GetSpaceQuery> {}

/** Query of reading an embed: the URL to embed. */
export const EmbedQuery = z.strictObject({
  /** The URL to embed. */
  url: urlString(),
});
/** Query of reading an embed: the URL to embed. */
export interface EmbedQuery extends z.infer<typeof EmbedQuery> {}

/** Page size of a listing: 0 to 1000, 50 when left out. */
export const ListLimit = integer(0, 1000);

/** Query of a listing: page size and the cursor of the page to read. */
export const ListQuery = z.strictObject({
  /** How many items a page holds: 0 to 1000, 50 when left out. */
  limit: z.optional(ListLimit),
  /** The cursor of the page to read, from the previous page's `next.page`. */
  page: z.optional(nonEmpty),
});
/** Query of a listing: page size and the cursor of the page to read. */
export interface ListQuery extends z.infer<typeof ListQuery> {}

/** Query of a search: the text (1 to 512 characters), page size and cursor. */
export const SearchQuery = z.strictObject({
  /** The text to search for, 1 to 512 characters. */
  query: z.string().check(z.minLength(1), z.maxLength(512)),
  /** How many results a page holds: 0 to 1000, 50 when left out. */
  limit: z.optional(ListLimit),
  /** The cursor of the page to read, from the previous page's `next.page`. */
  page: z.optional(nonEmpty),
});
/** Query of a search: the text (1 to 512 characters), page size and cursor. */
export interface SearchQuery extends z.infer<typeof SearchQuery> {}

/** An invitation: a role (null for guests) for at least one user or team. */
export const InviteUsersAndTeams = z
  .strictObject({
    /** The role to give them, or null to make them guests. */
    role: MemberRoleOrGuest,
    /** The ids of the users to invite. */
    users: z.optional(z.array(nonEmpty)),
    /** The ids of the teams to invite. */
    teams: z.optional(z.array(nonEmpty)),
  })
  .check(
    z.refine(
      (body) => (body.users?.length ?? 0) + (body.teams?.length ?? 0) > 0,
      'must name at least one user or team',
    ),
  );
/** An invitation: a role (null for guests) for at least one user or team. */
export interface InviteUsersAndTeams extends z.infer<typeof InviteUsersAndTeams> {}

/** A new role for a user or team in a space (null makes them a guest). */
export const UpdatePermissionBody = z.strictObject({
  /** The new role, or null to make them a guest. */
  role: z.optional(MemberRoleOrGuest),
});
/** A new role for a user or team in a space (null makes them a guest). */
export interface UpdatePermissionBody extends z.infer<typeof UpdatePermissionBody> {}

const importShape = {
  /** The repository's URL. */
  url: urlString(),
  /** The branch or ref to use, such as `main`. */
  ref: nonEmpty,
  /** The URL of the repository's file tree at that ref, to link to from the space. */
  repoTreeURL: z.optional(urlString()),
  /** The URL pattern of a commit, to link to from the space. */
  repoCommitURL: z.optional(urlString()),
  /** The folder of the repository that holds the content; the root when left out. */
  repoProjectDirectory: z.optional(z.string()),
  /**
   * The moment the sync is for, ISO 8601, so that an older request does not override a newer one.
   */
  timestamp: z.optional(isoDateTimeString()),
  /** Overwrite what is on the other side even when it changed since the last sync. */
  force: z.optional(z.boolean()),
  /** Treat the repository's content as a standalone space rather than part of a site. */
  standalone: z.optional(z.boolean()),
};

/** Where to import a space's content from: repository URL, ref and options. */
export const ImportGitRepository = z.strictObject(importShape);
/** Where to import a space's content from: repository URL, ref and options. */
export interface ImportGitRepository extends z.infer<typeof ImportGitRepository> {}

/** Where to export a space's content to, with the commit message. */
export const ExportToGitRepository = z.strictObject({
  ...importShape,
  /** The message of the commit the export makes. */
  commitMessage: nonEmpty,
});
/** Where to export a space's content to, with the commit message. */
export interface ExportToGitRepository extends z.infer<typeof ExportToGitRepository> {}

/** A page of search results. */
export const SearchResultList = listOf(SearchPageResult);
/** A page of a space's team permissions. */
export const TeamPermissionList = listOf(TeamPermission);
/** A page of a space's user permissions. */
export const UserPermissionList = listOf(UserContentPermission);
