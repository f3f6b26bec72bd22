import * as requests from '@clientkit/contracts/docs';
import * as responses from '@clientkit/contracts/docs/responses';
import { type InterfaceDescription, operationsOf } from '../../operations';
import { validBody, validQuery } from '../../problem';
import type { SecretMap } from '../../secret-map';
import { DOCS_BASE } from './listing';
import { type Alternative, authorize, type Principal, securityRequirements } from './security';

const bearer = (description: string) => ({ type: 'http', scheme: 'bearer', description });

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
    base: DOCS_BASE,
    operations: operationsOf(requests.docs, responses),
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
    securitySchemes: {
      user: bearer('A user token'),
      'user-internal': bearer("A token of the service's own applications"),
      'user-staff': bearer('A staff token'),
      integration: bearer('An integration token'),
      'integration-installation': bearer('A token of one installation of an integration'),
      oauth: bearer('An OAuth access token; each operation names the scope it needs'),
    },
    security: securityRequirements,
    authorize: (c, operation) => authorize(c, operation.auth, tokens),
    checks: {
      query: (c, schema) => validQuery(c, schema),
      body: (c, schema) => validBody(c, schema),
    },
  };
}
