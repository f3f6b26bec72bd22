import * as requests from '@clientkit/contracts/docs';
import * as responses from '@clientkit/contracts/docs/responses';
import type { $ZodType } from 'zod/v4/core';
import {
  type DocumentationOf,
  type InterfaceDescription,
  jsonSchemaHints,
  operationsOf,
} from '../../operations';
import type { SecretMap } from '../../secret-map';
import { DOCS_BASE } from './listing';
import { docsRequestChecks } from './request-checks';
import { type Alternative, authorize, type Principal, securityRequirements } from './security';

/**
 * Every operation takes a token: none, or one the server does not know, is 401; a scheme or scope
 * the operation does not list is 403.
 */
const TOKEN_ERRORS = [401, 403];
/** A query that breaks its schema is 400. */
const QUERY_ERRORS = [400, ...TOKEN_ERRORS];
/** A body that breaks its schema is 400; over the size limit, 413; not JSON, 415. */
const BODY_ERRORS = [400, 413, 415, ...TOKEN_ERRORS];

/** What the docs document says of each operation, beyond what the contract declares. */
export const docsDocumentation: DocumentationOf<typeof requests.docs> = {
  getApiInformation: {
    summary: 'The release and build date',
    success: [200],
    errors: TOKEN_ERRORS,
  },
  getAuthenticatedUser: {
    summary: "The token's user",
    success: [200],
    errors: [404, ...TOKEN_ERRORS],
    statuses: { 404: 'The token acts for no user' },
  },
  createUserNotificationsToken: {
    summary: 'A short-lived token for the notifications client',
    success: [200],
    errors: TOKEN_ERRORS,
  },
  getUserById: {
    summary: 'A user',
    success: [200],
    errors: [404, ...TOKEN_ERRORS],
    statuses: { 404: 'No such user' },
  },
  updateUserById: {
    summary: "Change the token's own user",
    success: [200],
    errors: [404, ...BODY_ERRORS],
    statuses: { 404: 'No such user' },
  },
  getSpaceById: {
    summary: 'A space',
    success: [200],
    errors: [404, ...QUERY_ERRORS],
    statuses: { 404: 'No such space' },
  },
  updateSpaceById: {
    summary: 'Change a space',
    success: [200],
    errors: [404, ...BODY_ERRORS],
    statuses: { 404: 'No such space' },
  },
  deleteSpaceById: {
    summary: 'Move a space to the trash',
    success: [205, 204],
    errors: TOKEN_ERRORS,
    statuses: { 205: 'The space was deleted', 204: 'The space did not exist' },
  },
  duplicateSpace: {
    summary: 'Copy a space',
    success: [201],
    errors: [404, ...TOKEN_ERRORS],
    statuses: { 201: 'The copy; Location holds its API URL', 404: 'No such space' },
  },
  restoreSpace: {
    summary: 'Bring a space back from the trash',
    success: [200],
    errors: [404, ...TOKEN_ERRORS],
    statuses: { 404: 'No such space, or deleted more than 7 days ago' },
  },
  moveSpace: {
    summary: 'Move a space to another collection or position',
    success: [200],
    errors: [404, 409, ...BODY_ERRORS],
    statuses: {
      400: 'Invalid position, space or collection',
      404: 'No such space',
      409: 'The move would change nothing',
    },
  },
  getEmbedByUrlInSpace: {
    summary: 'How a URL is embedded',
    success: [200],
    errors: [404, ...QUERY_ERRORS],
    statuses: { 404: 'No such space' },
  },
  searchSpaceContent: {
    summary: "Search a space's published pages",
    success: [200],
    errors: [404, ...QUERY_ERRORS],
    statuses: { 404: 'No such space' },
  },
  importGitRepository: {
    summary: 'Start importing from a Git repository',
    success: [204],
    errors: [404, ...BODY_ERRORS],
    statuses: { 204: 'Done; no body', 404: 'No such space, or no Git provider' },
  },
  exportToGitRepository: {
    summary: 'Start exporting to a Git repository',
    success: [204],
    errors: [404, ...BODY_ERRORS],
    statuses: { 204: 'Done; no body', 404: 'No such space, or no Git provider' },
  },
  getSpaceGitInfo: {
    summary: "A space's Git sync state",
    success: [200],
    errors: [404, ...TOKEN_ERRORS],
    statuses: { 404: 'No such space, or no Git provider set up' },
  },
  deleteLegacyGitInstallation: {
    summary: 'Remove a legacy Git installation',
    success: [205, 204],
    errors: [404, ...TOKEN_ERRORS],
    statuses: { 205: 'Changed', 204: 'Nothing to change', 404: 'No such space' },
  },
  inviteToSpace: {
    summary: 'Give users or teams a role in a space',
    success: [204],
    errors: [404, ...BODY_ERRORS],
    statuses: { 204: 'Done; no body', 404: 'No such space, user or team' },
  },
  updateTeamPermissionInSpace: {
    summary: "Change a team's role in a space",
    success: [204],
    errors: [404, ...BODY_ERRORS],
    statuses: { 204: 'Done; no body', 404: 'No such space or team' },
  },
  removeTeamFromSpace: {
    summary: 'Take a team out of a space',
    success: [205, 204],
    errors: [400, 404, ...TOKEN_ERRORS],
    statuses: {
      205: 'Changed',
      204: 'Nothing to change',
      400: 'The team can have no access to this space',
      404: 'No such space or team',
    },
  },
  listTeamPermissionsInSpace: {
    summary: 'The teams of a space and their roles',
    success: [200],
    errors: [404, ...QUERY_ERRORS],
    statuses: { 404: 'No such space' },
  },
  listUserPermissionsInSpace: {
    summary: 'The users of a space and their roles',
    success: [200],
    errors: [404, ...QUERY_ERRORS],
    statuses: { 404: 'No such space' },
  },
  updateUserPermissionInSpace: {
    summary: "Change a user's role in a space",
    success: [204],
    errors: [404, ...BODY_ERRORS],
    statuses: { 204: 'Done; no body', 404: 'No such space or user' },
  },
  removeUserFromSpace: {
    summary: 'Take a user out of a space',
    success: [205, 204],
    errors: [404, ...TOKEN_ERRORS],
    statuses: { 205: 'Changed', 204: 'Nothing to change', 404: 'No such space' },
  },
};

// Rules of the contract's refinements that JSON Schema can state: a change names at least one field
// (the objects refuse unknown ones), a space takes an emoji and an icon together only to remove
// both, and an invitation names at least one user or team.
jsonSchemaHints.set(requests.UpdateUserBody, { minProperties: 1 });
jsonSchemaHints.set(requests.UpdateSpaceBody, {
  minProperties: 1,
  anyOf: [
    { not: { properties: { emoji: {}, icon: {} }, required: ['emoji', 'icon'] } },
    { properties: { emoji: { type: 'null' }, icon: { type: 'null' } } },
  ],
});
jsonSchemaHints.set(requests.MoveSpaceBody, { minProperties: 1 });
jsonSchemaHints.set(requests.InviteUsersAndTeams, {
  anyOf: [
    { required: ['users'], properties: { users: { minItems: 1 } } },
    { required: ['teams'], properties: { teams: { minItems: 1 } } },
  ],
});

/** The schema a field wraps (optional, nullable): where the contract's own checks sit. */
function unwrapped(schema: $ZodType): $ZodType {
  const inner = (schema._zod.def as { innerType?: $ZodType }).innerType;
  return inner ? unwrapped(inner) : schema;
}

// The contract checks URLs by parsing them, which JSON Schema cannot do: the document names the format.
for (const field of [
  requests.UpdateUserBody.shape.photoURL,
  requests.UpdateSpaceBody.shape.icon,
  requests.EmbedQuery.shape.url,
  requests.ImportGitRepository.shape.url,
  requests.ImportGitRepository.shape.repoTreeURL,
  requests.ImportGitRepository.shape.repoCommitURL,
  requests.ExportToGitRepository.shape.url,
  requests.ExportToGitRepository.shape.repoTreeURL,
  requests.ExportToGitRepository.shape.repoCommitURL,
]) {
  jsonSchemaHints.set(unwrapped(field), { format: 'uri' });
}

const bearer = (description: string) => ({ type: 'http', scheme: 'bearer', description });

/** The document's word on each scheme the contract declares: one each, or it does not compile. */
const securitySchemes: Record<requests.DocsScheme, ReturnType<typeof bearer>> = {
  user: bearer('A user token'),
  'user-internal': bearer("A token of the service's own applications"),
  'user-staff': bearer('A staff token'),
  integration: bearer('An integration token'),
  'integration-installation': bearer('A token of one installation of an integration'),
  oauth: bearer('An OAuth access token; each operation names the scope it needs'),
};

/** The docs interface as the shared operation module sees it: its table, auth, checks and document. */
export function docsDescription(
  tokens: SecretMap<Principal>,
): InterfaceDescription<readonly Alternative[], Principal> {
  return {
    title: 'Documentation hosting API',
    version: '0.0.1-beta',
    description:
      'Users, spaces, space permissions and Git sync. Every operation takes a bearer token; ' +
      'each lists the schemes and OAuth scopes it accepts, any one of which is enough.',
    tags: {
      docs: 'The API itself: its release and build',
      user: 'The user the token acts for',
      users: 'Users, by id',
      spaces: 'Spaces: their content, trash, place among collections, permissions and Git sync',
    },
    base: DOCS_BASE,
    operations: operationsOf(requests.docs, requests.docsAccess, docsDocumentation),
    components: {
      responses: {
        User: responses.User,
        Space: responses.Space,
        ApiInformation: responses.ApiInformation,
        APITemporaryToken: responses.APITemporaryToken,
        Embed: responses.Embed,
        SearchResultList: responses.SearchResultList,
        TeamPermissionList: responses.TeamPermissionList,
        UserPermissionList: responses.UserPermissionList,
        GitSyncState: responses.GitSyncState,
        DocsErrorBody: responses.DocsErrorBody,
      },
      requests: {
        UpdateUserBody: requests.UpdateUserBody,
        UpdateSpaceBody: requests.UpdateSpaceBody,
        MoveSpaceBody: requests.MoveSpaceBody,
        ImportGitRepository: requests.ImportGitRepository,
        ExportToGitRepository: requests.ExportToGitRepository,
        InviteUsersAndTeams: requests.InviteUsersAndTeams,
        UpdatePermissionBody: requests.UpdatePermissionBody,
      },
    },
    errorBody: responses.DocsErrorBody,
    securitySchemes,
    security: securityRequirements,
    authorize: (c, operation) => authorize(c, operation.auth, tokens),
    checks: docsRequestChecks,
  };
}
