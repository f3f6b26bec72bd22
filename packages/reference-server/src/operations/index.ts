export { bodyOf, queryOf } from './checked-input';
export {
  type AccessOf,
  type DocumentationOf,
  type HandlersOf,
  type InputOf,
  type OperationDocs,
  operationsOf,
} from './contract-operations';
export type {
  InterfaceDescription,
  PathParameter,
  RequestChecks,
} from './interface-description';
export { type Io, type JsonSchema, JsonSchemaWriter, jsonSchemaHints } from './json-schema';
export { mountOperations, routerPath } from './mount';
export { openApiPublisher, operationIdOf, pathParameterNames } from './openapi';
export type { CheckedInput, HttpMethod, Operation, OperationHandler } from './operation';
export { checkRequest } from './validation';
