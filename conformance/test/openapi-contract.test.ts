import { createReferenceServer, type InterfaceName } from '@clientkit/reference-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  credentialHeaders,
  type InterfaceCredentials,
  interfaceCredentials,
  unknownCredentialHeaders,
} from './contract-credentials';
import { type DocumentOperation, documentOperations, type JsonSchema } from './document-operations';
import {
  type GeneratedRequest,
  type KnownValues,
  queryString,
  RequestGenerator,
} from './generated-requests';
import { loadDocuments, VALIDATED_INTERFACES } from './interface-documents';
import { type ResponseCheck, responseChecker } from './openapi-responses';
import { pathValues, SEED_VALUES } from './path-values';
import { schemaValidator } from './schema-validator';

// The tests are made from the documents the running server serves, so the server starts while
// the tests are collected.
const server = await createReferenceServer({
  logError: () => {},
  clock: { start: '2026-06-01T08:00:00Z', frozen: true },
});
const { url: origin } = await server.listen(0, '127.0.0.1');
const documents = await loadDocuments(server, origin);
const credentials = interfaceCredentials(server, origin);
afterAll(() => server.close());
// Every test starts from the seed: a delete or an update before it changes nothing here.
beforeEach(() => server.reset());

/** An answer, read once: its status and its body (JSON when it parses, the text otherwise). */
interface Answer {
  status: number;
  body: unknown;
}

/** A form body as PHP reads one: a list as `name[]` entries, a scalar as its text. */
function formEncoded(value: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [name, field] of Object.entries(value)) {
    if (typeof field === 'object' && field !== null && !Array.isArray(field))
      throw new Error(`a form cannot carry the object in "${name}"`);
    for (const item of Array.isArray(field) ? field : [field])
      form.append(Array.isArray(field) ? `${name}[]` : name, String(item));
  }
  return form.toString();
}

function encoded(body: GeneratedRequest['body']): string | undefined {
  if (!body) return undefined;
  if (body.type === 'application/x-www-form-urlencoded')
    return formEncoded(body.value as Record<string, unknown>);
  return JSON.stringify(body.value);
}

async function send(
  serverUrl: string,
  request: Pick<GeneratedRequest, 'method' | 'path' | 'query' | 'body'>,
  headers: Record<string, string>,
): Promise<Answer> {
  const response = await fetch(`${serverUrl}${request.path}${queryString(request)}`, {
    method: request.method,
    headers: { ...headers, ...(request.body ? { 'content-type': request.body.type } : {}) },
    body: encoded(request.body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** Everything the tests of one document need, built once per document. */
interface DocumentContract {
  name: InterfaceName;
  serverUrl: string;
  operations: DocumentOperation[];
  generator: RequestGenerator;
  check: ResponseCheck;
  schemes: Record<string, JsonSchema>;
  credentials: InterfaceCredentials;
  /** Body and query fields the generator cannot invent: the caller's, and records of the seed. */
  fields: Record<string, unknown>;
}

function contractOf(name: InterfaceName): DocumentContract {
  const document = documents[name]!;
  return {
    name,
    serverUrl: document.servers![0]!.url,
    operations: documentOperations(document),
    generator: new RequestGenerator(document, schemaValidator(document, `${name}-openapi.json`)),
    check: responseChecker(document, `${name}-openapi.json`),
    schemes: (document.components?.securitySchemes ?? {}) as Record<string, JsonSchema>,
    credentials: credentials[name],
    fields: { ...SEED_VALUES[name]?.fields, ...credentials[name].fields },
  };
}

/** The operation's credentials, and the values of its path taken from listings or the seed. */
async function prepare(
  contract: DocumentContract,
  operation: DocumentOperation,
): Promise<{ headers: Record<string, string>; known: KnownValues }> {
  const { security } = operation;
  const headers = await credentialHeaders(security, contract.schemes, contract.credentials);
  const list = async (path: string) =>
    (await send(contract.serverUrl, { method: 'GET', path, query: {} }, headers)).body;
  const path = await pathValues(contract.name, operation, contract.operations, list);
  return { headers, known: { path, fields: contract.fields } };
}

/** What is wrong with an answer: a status the operation does not name, or a body its schema refuses. */
function problemsOf(contract: DocumentContract, operation: DocumentOperation, answer: Answer) {
  const declared = operation.statuses.includes(String(answer.status));
  const body = JSON.stringify(answer.body)?.slice(0, 300);
  return [
    ...(declared
      ? []
      : [`${answer.status} is not among the declared ${operation.statuses}: ${body}`]),
    ...contract.check(operation.operationId, answer.status, answer.body),
  ];
}

/**
 * The requests of an operation that the document rules out, each with the headers it is sent with:
 * inputs its schemas refuse, and (where it names a security requirement) credentials of the right
 * form that the server never issued.
 */
function ruledOut(
  contract: DocumentContract,
  operation: DocumentOperation,
  headers: Record<string, string>,
  known: KnownValues,
): { request: GeneratedRequest; headers: Record<string, string> }[] {
  const requests = contract.generator
    .invalid(operation, known)
    .map((request) => ({ request, headers }));
  const unknown = unknownCredentialHeaders(operation.security, contract.schemes);
  if (!unknown) return requests;
  const request: GeneratedRequest = {
    ...contract.generator.valid(operation, known),
    label: 'credentials the server never issued',
    kind: 'unknown credentials',
  };
  return [...requests, { request, headers: unknown }];
}

for (const name of VALIDATED_INTERFACES) {
  const contract = contractOf(name);

  describe(`the ${name} OpenAPI document as a contract`, () => {
    const sent = { valid: 0, invalid: 0, kinds: new Set<string>() };
    afterAll(() =>
      console.info(
        `${name}: ${contract.operations.length} operations, ${sent.valid} valid requests, ${sent.invalid} requests breaking a rule (${[...sent.kinds].sort().join(', ')})`,
      ),
    );

    for (const operation of contract.operations) {
      const { operationId } = operation;
      const types = operation.body?.types ?? [undefined];
      it(`${operationId}: a request generated from the document${types.length > 1 ? `, in each of its ${types.length} body types,` : ''} gets a 2xx it declares, with a body its schema allows`, async () => {
        for (const type of types) {
          // Each media type starts from the seed too: the same create twice would be a conflict.
          server.reset();
          const { headers, known } = await prepare(contract, operation);
          const valid = contract.generator.valid(operation, known);
          const request = type ? { ...valid, body: { type, value: valid.body?.value } } : valid;
          const answer = await send(contract.serverUrl, request, headers);
          sent.valid += 1;
          expect(problemsOf(contract, operation, answer), type).toEqual([]);
          expect(answer.status, `${type}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
        }
      });

      // What the document rules out for this operation depends on its schemas and security only.
      const count = ruledOut(contract, operation, {}, { path: {}, fields: contract.fields }).length;
      if (count === 0) continue;
      it(`${operationId}: each of the ${count} requests the document rules out gets a 4xx it declares, never a 2xx or a 5xx`, async () => {
        const { headers, known } = await prepare(contract, operation);
        const requests = ruledOut(contract, operation, headers, known);
        const problems: string[] = [];
        for (const { request, headers: sentHeaders } of requests) {
          const answer = await send(contract.serverUrl, request, sentHeaders);
          sent.invalid += 1;
          sent.kinds.add(request.kind);
          const found =
            answer.status >= 400 && answer.status < 500
              ? problemsOf(contract, operation, answer)
              : [`answered ${answer.status}: ${JSON.stringify(answer.body)?.slice(0, 300)}`];
          problems.push(...found.map((problem) => `${request.label}: ${problem}`));
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
