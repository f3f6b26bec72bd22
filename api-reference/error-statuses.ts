import { calendar } from '@clientkit/contracts/calendar';
import { docs } from '@clientkit/contracts/docs';
import { idm } from '@clientkit/contracts/idm';
import { mail } from '@clientkit/contracts/mail';
import { metering } from '@clientkit/contracts/metering';
import type { Contract } from '@clientkit/core/contract';
import { createReferenceServer } from '@clientkit/reference-server';

/** What the API reference says a client method can meet: its operation's documented errors. */
export interface MethodErrors {
  /** Each error status the operation answers, with what it means there. */
  statuses: [status: number, meaning: string][];
  /** Whether a success answer has a body, which `validateResponses` checks. */
  answers: boolean;
}

/** Client methods by the name their contract gives them (`spaces.git.import`), per interface. */
export type ErrorsByMethod = Record<string, Record<string, MethodErrors>>;

const contracts: Record<string, Contract> = { docs, calendar, metering, mail, idm };

interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, { description?: string }>;
}

/**
 * The contract's operation an OpenAPI entry documents. An operation that takes several methods
 * has one entry per method, `events.update.put`, `events.update.post`...
 */
function operationOf(contract: Contract, method: string, operationId = ''): string | undefined {
  if (operationId in contract.operations) return operationId;
  const id = operationId.slice(0, -`.${method}`.length);
  return operationId.endsWith(`.${method}`) && id in contract.operations ? id : undefined;
}

/**
 * The error statuses of every client method bound to an operation, read from the OpenAPI documents
 * the reference server publishes: the server is where an interface's statuses are written down,
 * and its documents are what the clients' users read too.
 */
export async function errorsByMethod(): Promise<ErrorsByMethod> {
  const server = await createReferenceServer({ logError: () => {} });
  try {
    const found: ErrorsByMethod = {};
    for (const [name, path] of Object.entries(server.openapiPaths)) {
      const contract = contracts[name];
      if (!contract) continue;
      const answer = await server.fetch(new Request(`http://127.0.0.1${path}`));
      const document = (await answer.json()) as {
        paths: Record<string, Record<string, OpenApiOperation>>;
      };
      const methods: Record<string, MethodErrors> = {};
      for (const item of Object.values(document.paths)) {
        for (const [method, entry] of Object.entries(item)) {
          const id = operationOf(contract, method, entry.operationId);
          if (!id) continue;
          const operation = contract.operations[id]!;
          const errors = (methods[operation.sdk] ??= {
            statuses: [],
            answers: operation.response !== undefined,
          });
          for (const [status, response] of Object.entries(entry.responses ?? {})) {
            const code = Number(status);
            if (code >= 400 && !errors.statuses.some(([known]) => known === code)) {
              errors.statuses.push([code, response.description ?? '']);
            }
          }
        }
      }
      found[name] = methods;
    }
    return found;
  } finally {
    await server.close();
  }
}
