/**
 * The building blocks of the docs contract (roles, edit modes, merge rules, positions), the error
 * body, and the schemas of every request's path, query and body. Request schemas are strict: a field they do not know is refused by name.
 */
import * as z from 'zod/mini';
import { integer, isoDateTimeString, urlString } from '../common';
import { mergeRulesOf } from './merge-rules';

// A field that holds another model's schema casts it to that model's interface
// (`Term as z.ZodMiniType<Term, ...>`), so that its type, and the API reference, name the model
// instead of spelling its fields out again. A cast adds no code.

/*
 * The longest lists and strings a request may hold, each written where it applies. The service
 * publishes some (URLs 2048, titles 50, names 64, search text 512); the rest (ids and share keys
 * 256, cursors 1024, invitees 1000 per list, Git refs 256, Git folders 1024, commit messages 10000,
 * merge rules 50) are generous bounds of our own, far above real use, so that no request carries an
 * unbounded list or text.
 */
/** Any list or text inside one merge rule (reviewer ids, a custom expression). */
const MAX_MERGE_RULE_CONTENT = 10_000;

/** A text of 1 to `max` characters. */
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
/** An id: 1 to 256 characters. */
const id = text(256);
/** A URL of at most 2048 characters. */
const url = urlString().check(z.maxLength(2048));

/**
 * True when every list and every text (keys too) inside `value` holds at most 10000 items or
 * characters, and it nests at most 32 deep (a deeper value is refused rather than walked). An
 * array's keys are its indexes, always short.
 */
function withinSize(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length <= MAX_MERGE_RULE_CONTENT;
  if (value === null || typeof value !== 'object') return true;
  if (depth >= 32 || (Array.isArray(value) && value.length > MAX_MERGE_RULE_CONTENT)) return false;
  return Object.entries(value).every(
    ([key, item]) => key.length <= MAX_MERGE_RULE_CONTENT && withinSize(item, depth + 1),
  );
}

/**
 * One merge rule of a space: an object whose fields are the service's own business, sent and
 * received as they are. A request's rule may hold no list or text longer than 10000 items or
 * characters.
 */
export interface MergeRule {
  [field: string]: unknown;
}
/** One merge rule, as a request may send it: bounded in size, its fields unchecked. */
const MergeRule = z.custom<MergeRule>(
  (rule) => withinSize(rule),
  `must hold no list or text longer than ${MAX_MERGE_RULE_CONTENT}, nested at most 32 deep`,
);

/** A role in a space, from most to least powerful. */
export const MemberRole = z.enum(['admin', 'create', 'edit', 'review', 'comment', 'read']);
export type MemberRole = z.infer<typeof MemberRole>;

/** A role, or `null` for a guest. */
export const MemberRoleOrGuest = z.nullable(MemberRole);
export type MemberRoleOrGuest = z.infer<typeof MemberRoleOrGuest>;

/** The role everyone in the organization gets, or `inherit` from the parent. */
export const DefaultLevel = z.nullable(z.union([MemberRole, z.enum(['inherit'])]));
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
/** The space's merge rules: inherited from its parent, none, or a list of rules. */
export const MergeRules = mergeRulesOf(z.strictObject, z.array(MergeRule).check(z.maxLength(50)));
export type MergeRules = z.infer<typeof MergeRules>;

/** Points at a space or a collection, to place content before or after it. */
export const ContentPointer = z.union([
  z.strictObject({ type: z.enum(['space']), space: id }),
  z.strictObject({ type: z.enum(['collection']), collection: id }),
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

// ---- requests ----

const hasSomeProperty = (value: object) => Object.values(value).some((v) => v !== undefined);

/** Changes to a user: `displayName` (1 to 64 characters) or `photoURL`, at least one. */
export const UpdateUserBody = z
  .strictObject({
    /** A new full name, 1 to 64 characters. */
    displayName: z.optional(text(64)),
    /** The URL of a new profile picture, at most 2048 characters. */
    photoURL: z.optional(url),
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
    title: z.optional(text(50)),
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
    emoji: z.optional(z.nullable(text(32))),
    /**
     * The URL of a new icon (at most 2048 characters), or null to remove it; not together with
     * `emoji`, unless both are null.
     */
    icon: z.optional(z.nullable(url)),
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
    parent: z.optional(z.nullable(id)),
    /** Where among its new siblings: before or after one of them. */
    position: z.optional(
      ContentPosition as z.ZodMiniType<ContentPosition, z.input<typeof ContentPosition>>,
    ),
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
  /** The key of a site share link (at most 256 characters), to read the space through it. */
  shareKey: z.optional(id),
});
/** Query of reading a space: an optional share key. */
export interface GetSpaceQuery extends z.infer<typeof GetSpaceQuery> {}

/** Query of reading an embed: the URL to embed. */
export const EmbedQuery = z.strictObject({
  /** The URL to embed, at most 2048 characters. */
  url,
});
/** Query of reading an embed: the URL to embed. */
export interface EmbedQuery extends z.infer<typeof EmbedQuery> {}

/** The path of a space's routes. */
export const SpacePath = z.strictObject({ spaceId: id });
/** The path of a user's routes. */
export const UserPath = z.strictObject({ userId: id });
/** The path of a team's permission in a space. */
export const SpaceTeamPath = z.strictObject({ spaceId: id, teamId: id });
/** The path of a user's permission in a space. */
export const SpaceUserPath = z.strictObject({ spaceId: id, userId: id });

/** Page size of a listing: 0 to 1000, 50 when left out. */
export const ListLimit = integer(0, 1000);

const listShape = {
  /** How many items a page holds: 0 to 1000, 50 when left out. */
  limit: z.optional(ListLimit),
  /** The cursor of the page to read, from the previous page's `next.page` (at most 1024 characters). */
  page: z.optional(text(1024)),
};

/** Query of a listing: page size and the cursor of the page to read. */
export const ListQuery = z.strictObject(listShape);
/** Query of a listing: page size and the cursor of the page to read. */
export interface ListQuery extends z.infer<typeof ListQuery> {}

/** Query of a search: the text (1 to 512 characters), page size and cursor. */
export const SearchQuery = z.strictObject({
  /** The text to search for, 1 to 512 characters. */
  query: text(512),
  ...listShape,
});
/** Query of a search: the text (1 to 512 characters), page size and cursor. */
export interface SearchQuery extends z.infer<typeof SearchQuery> {}

/** Ids of users, or of teams, to invite: at most 1000, each at most 256 characters. */
const invitees = z.optional(z.array(id).check(z.maxLength(1000)));

/** An invitation: a role (null for guests) for at least one user or team. */
export const InviteUsersAndTeams = z
  .strictObject({
    /** The role to give them, or null to make them guests. */
    role: MemberRoleOrGuest,
    /** The ids of the users to invite: at most 1000, each at most 256 characters. */
    users: invitees,
    /** The ids of the teams to invite: at most 1000, each at most 256 characters. */
    teams: invitees,
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
  /**
   * The repository's URL, at most 2048 characters. Credentials in it (`https://user:token@...`)
   * never reach logs: every URL a log line shows loses them.
   */
  url,
  /** The branch or ref to use, such as `main`: at most 256 characters. */
  ref: text(256),
  /** The URL of the repository's file tree at that ref, to link to from the space. */
  repoTreeURL: z.optional(url),
  /** The URL pattern of a commit, to link to from the space. */
  repoCommitURL: z.optional(url),
  /**
   * The folder of the repository that holds the content (at most 1024 characters); the root when
   * left out.
   */
  repoProjectDirectory: z.optional(z.string().check(z.maxLength(1024))),
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
  /** The message of the commit the export makes, at most 10000 characters. */
  commitMessage: text(10_000),
});
/** Where to export a space's content to, with the commit message. */
export interface ExportToGitRepository extends z.infer<typeof ExportToGitRepository> {}
