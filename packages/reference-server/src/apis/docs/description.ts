import {
  APITemporaryToken,
  ApiInformation,
  DocsErrorBody,
  Embed,
  ExportToGitRepository,
  GitSyncState,
  ImportGitRepository,
  InviteUsersAndTeams,
  MoveSpaceBody,
  SearchResultList,
  Space,
  TeamPermissionList,
  UpdatePermissionBody,
  UpdateSpaceBody,
  UpdateUserBody,
  User,
  UserPermissionList,
} from '@clientkit/docs-client/schemas';
import type { InterfaceDescription } from '../../operations';
import type { SecretMap } from '../../secret-map';
import { DOCS_BASE } from './listing';
import { type DocsOperation, docsOperations } from './operations';
import { docsRequestChecks } from './request-checks';
import { type Alternative, authorize, type Principal, securityRequirements } from './security';

const bearer = (description: string) => ({ type: 'http', scheme: 'bearer', description });

/** The docs interface as the shared operation module sees it: its table, auth, checks and document. */
export function docsDescription(
  tokens: SecretMap<Principal>,
): InterfaceDescription<Alternative[], Principal> {
  return {
    title: 'Documentation hosting API',
    version: '0.0.1-beta',
    description:
      'Users, spaces, space permissions and Git sync. Every operation takes a bearer token; ' +
      'each lists the schemes and OAuth scopes it accepts, any one of which is enough.',
    base: DOCS_BASE,
    operations: docsOperations,
    components: {
      responses: {
        User,
        Space,
        ApiInformation,
        APITemporaryToken,
        Embed,
        SearchResultList,
        TeamPermissionList,
        UserPermissionList,
        GitSyncState,
        DocsErrorBody,
      },
      requests: {
        UpdateUserBody,
        UpdateSpaceBody,
        MoveSpaceBody,
        ImportGitRepository,
        ExportToGitRepository,
        InviteUsersAndTeams,
        UpdatePermissionBody,
      },
    },
    errorBody: DocsErrorBody,
    securitySchemes: {
      user: bearer('A user token'),
      'user-internal': bearer("A token of the service's own applications"),
      'user-staff': bearer('A staff token'),
      integration: bearer('An integration token'),
      'integration-installation': bearer('A token of one installation of an integration'),
      oauth: bearer('An OAuth access token; each operation names the scope it needs'),
    },
    security: securityRequirements,
    authorize: (c, operation: DocsOperation) => authorize(c, operation.auth, tokens),
    checks: docsRequestChecks,
  };
}
