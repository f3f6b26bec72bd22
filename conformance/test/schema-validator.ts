import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './openapi-responses';

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

/**
 * An Ajv (draft 2020-12, as OpenAPI 3.1 uses) holding one document under `name`, so that a schema
 * of it is `ajv.getSchema('<name>#/paths/...')` with its `$ref`s resolved against the document.
 */
export function documentAjv(
  document: OpenApiDocument,
  name: string,
  options: { allErrors?: boolean } = {},
): Ajv2020 {
  // strict off: documents carry OpenAPI keywords (example, discriminator) JSON Schema lacks.
  const ajv = new Ajv2020({ strict: false, validateSchema: false, ...options });
  addFormats(ajv);
  ajv.addFormat('emoji', true);
  ajv.addSchema(document as object, name);
  return ajv;
}

/** Whether a value fits the schema at a JSON pointer of the document (`#/paths/...`). */
export type SchemaCheck = (pointer: string, value: unknown) => boolean;

/** Checks values against the schemas of one OpenAPI 3.1 document. */
export function schemaValidator(document: OpenApiDocument, name: string): SchemaCheck {
  const ajv = documentAjv(document, name);
  return (pointer, value) => {
    const validate = ajv.getSchema(`${name}${pointer}`);
    if (!validate) throw new Error(`${name}: no schema at ${pointer}`);
    return validate(value) as boolean;
  };
}
