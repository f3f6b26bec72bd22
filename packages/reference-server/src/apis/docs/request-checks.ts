import { refuseNonJsonBody } from '../../json-body';
import type { RequestChecks } from '../../operations';
import { ApiProblem, validBody, validQuery } from '../../problem';

const notJson = () =>
  new ApiProblem(415, 'Request bodies must be JSON, sent with Content-Type: application/json');

/**
 * How the interface reads requests: its OpenAPI document declares JSON bodies only, so a body sent
 * as anything else is refused (415) before it is read, then queries and bodies are checked against
 * their schemas.
 */
export const docsRequestChecks: RequestChecks = {
  query: (c, schema) => validQuery(c, schema),
  async body(c, schema) {
    await refuseNonJsonBody(c, notJson);
    return validBody(c, schema);
  },
};
