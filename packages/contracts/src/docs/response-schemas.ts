/**
 * The schemas of the interface's answers: records, lists and the other bodies it returns. They type
 * what clients resolve with, `validateResponses` checks answers against them, and the reference
 * server documents its answers with them. Response schemas are loose: fields the interface adds
 * later pass through.
 */
import { secret } from '@clientkit/core/contract';
import * as z from 'zod/mini';
import { record } from '../common';
import { mergeRulesOf } from './merge-rules';
import { DefaultLevel, MemberRole, type MergeRule, SpaceEditMode } from './request-schemas';

// A field that holds another model's schema casts it to that model's interface
// (`Term as z.ZodMiniType<Term, ...>`), so that its type, and the API reference, name the model
// instead of spelling its fields out again. A cast adds no code.

/** The interface's error body: `{ error: { code, message } }`. */
export const DocsErrorBody = record({
  /** The HTTP status as `code`, and a `message` for people. */
  error: record({ code: z.number(), message: z.string() }),
});
/** The interface's error body: `{ error: { code, message } }`. */
export interface DocsErrorBody extends z.infer<typeof DocsErrorBody> {}

// ---- resources ----

/** A user: id, display name, and email and photo when the token may see them. */
export const User = record({
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
  urls: record({ location: z.string() }),
});
/** A user: id, display name, and email and photo when the token may see them. */
export interface User extends z.infer<typeof User> {}

/** What the caller may do in a space; each flag answers for the token that read the space. */
export const SpacePermissions = record({
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
export const Space = record({
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
  // Read loosely: rules the interface adds later pass through. Each rule is typed as the
  // MergeRule a request sends, but checked as anything: an answer's rules are not ours to refuse.
  /** How change requests are merged: inherited from the parent, none, or a list of rules. */
  mergeRules: mergeRulesOf(record, z.array(z.unknown() as z.ZodMiniType<MergeRule>)),
  /** The id of the content revision that is live. */
  revision: z.string(),
  /**
   * Where the space is: `location` in the API, `app` in the application, and `published` for
   * the published content (left out when the space is private).
   */
  urls: record({
    location: z.string(),
    app: z.string(),
    published: z.optional(z.string()),
  }),
  /** What the caller may do in the space. */
  permissions: SpacePermissions as z.ZodMiniType<
    SpacePermissions,
    z.input<typeof SpacePermissions>
  >,
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
export const ApiInformation = record({
  /** The interface's release, such as `0.0.1-beta`. */
  version: z.string(),
  /** When that release was built, ISO 8601. */
  build: z.string(),
});
/** The interface's release version and build date. */
export interface ApiInformation extends z.infer<typeof ApiInformation> {}

/** A short-lived token and the moment it expires. */
export const APITemporaryToken = record({
  /** The token. A secret: logs show `[redacted]` in its place. */
  token: secret(z.string()),
  /** When it stops being accepted, ISO 8601. */
  expiresAt: z.string(),
});
/** A short-lived token and the moment it expires. */
export interface APITemporaryToken extends z.infer<typeof APITemporaryToken> {}

/** How a URL is embedded: a link, or rich media with its HTML. */
export const Embed = record({
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
export const SearchSection = record({
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
  urls: record({ app: z.string() }),
});
/** A section of a page that matched a search, with its own score. */
export interface SearchSection extends z.infer<typeof SearchSection> {}

/** A page that matched a search: its rank, score, path, ancestors and matching sections. */
export const SearchPageResult = record({
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
  ancestors: z.array(record({ title: z.string() })),
  /** The page's address in the web app. */
  urls: record({ app: z.string() }),
  /** The sections of the page that matched, best first. */
  sections: z.optional(
    z.array(SearchSection as z.ZodMiniType<SearchSection, z.input<typeof SearchSection>>),
  ),
});
/** A page that matched a search: its rank, score, path, ancestors and matching sections. */
export interface SearchPageResult extends z.infer<typeof SearchPageResult> {}

/** A team of an organization, with its size and what the caller may do with it. */
export const OrganizationTeam = record({
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
  permissions: record({ admin: z.boolean(), view: z.boolean() }),
});
/** A team of an organization, with its size and what the caller may do with it. */
export interface OrganizationTeam extends z.infer<typeof OrganizationTeam> {}

/** A team and its role in a space. */
export const TeamPermission = record({
  /** The team's role in the space. */
  permission: MemberRole,
  /** The team: its id, title, size, and what the caller may do with it. */
  team: OrganizationTeam as z.ZodMiniType<OrganizationTeam, z.input<typeof OrganizationTeam>>,
});
/** A team and its role in a space. */
export interface TeamPermission extends z.infer<typeof TeamPermission> {}

/** A user and their role in a space. */
export const UserContentPermission = record({
  /** The user's role in the space. */
  permission: MemberRole,
  /** The user. */
  user: User as z.ZodMiniType<User, z.input<typeof User>>,
});
/** A user and their role in a space. */
export interface UserContentPermission extends z.infer<typeof UserContentPermission> {}

/** One Git import or export: its direction, state, start and end, and error if it failed. */
export const GitSyncOperation = record({
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
export const GitSyncState = record({
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
  operation: z.optional(
    GitSyncOperation as z.ZodMiniType<GitSyncOperation, z.input<typeof GitSyncOperation>>,
  ),
});
/** A space's Git provider and installation, repository, and its last import or export. */
export interface GitSyncState extends z.infer<typeof GitSyncState> {}

/** The envelope of every listing: the items, the cursor of the next page, and a count. */
export function listOf<T extends z.core.$ZodType>(item: T) {
  return record({
    items: z.array(item),
    next: z.optional(record({ page: z.string() })),
    count: z.optional(z.number()),
  });
}
/** A page of a listing, as `listOf` parses it. */
export interface List<T> {
  items: T[];
  next?: { page: string };
  count?: number;
}

/** A page of search results. */
export const SearchResultList = listOf(SearchPageResult);
/** A page of a space's team permissions. */
export const TeamPermissionList = listOf(TeamPermission);
/** A page of a space's user permissions. */
export const UserPermissionList = listOf(UserContentPermission);
