// @ts-check
import { Converter, ReflectionKind } from 'typedoc';

/**
 * A `z.infer<...>` or `z.input<...>` in an interface's `extends`: zod's `output` or `input`.
 *
 * @param {import('typedoc').SomeType} type
 */
function isZodType(type) {
  return type.type === 'reference' && type.package === 'zod' && /^(output|input)$/.test(type.name);
}

/**
 * A model is declared as `interface Space extends z.infer<typeof Space> {}`, so that its fields
 * come from the schema (with the descriptions written on the schema's shape) and signatures link
 * to it by name. This plugin presents such an interface as the record it is: its fields as its own,
 * without the zod type it extends, "inherited from z.infer" notes, or the schema code as a default.
 *
 * @param {import('typedoc').Application} app
 */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Interface)) {
      const model = /** @type {import('typedoc').DeclarationReflection} */ (reflection);
      if (!model.extendedTypes?.some(isZodType)) continue;
      model.extendedTypes = model.extendedTypes.filter((type) => !isZodType(type));
      if (model.extendedTypes.length === 0) model.extendedTypes = undefined;
      for (const field of model.children ?? []) {
        field.inheritedFrom = undefined;
        field.defaultValue = undefined;
      }
    }
  });
}
