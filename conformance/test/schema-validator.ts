import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './openapi-responses';

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

/** Whether a value fits the schema at a JSON pointer of the document (`#/paths/...`). */
export type SchemaCheck = (pointer: string, value: unknown) => boolean;

/**
 * Checks values against the schemas of one OpenAPI 3.1 document with Ajv (draft 2020-12), the
 * document's `$ref`s resolved against the document itself.
 */
export function schemaValidator(document: OpenApiDocument, name: string): SchemaCheck {
  // strict off: documents carry OpenAPI keywords (example, discriminator) JSON Schema lacks.
  const ajv = new Ajv2020({ strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('emoji', true);
  ajv.addSchema(document as object, name);
  return (pointer, value) => {
    const validate = ajv.getSchema(`${name}${pointer}`);
    if (!validate) throw new Error(`${name}: no schema at ${pointer}`);
    return validate(value) as boolean;
  };
}
