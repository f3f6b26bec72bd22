// @ts-check
import { Converter, ReflectionKind } from 'typedoc';

/**
 * The clients re-export core's errors, promises and paginators so that an application imports
 * everything from one package. TypeDoc would document each re-export again in every client; this
 * plugin drops those copies, so each is documented once, in @clientkit/core, and every reference
 * to it from a client (method signatures, the `@link`s in each client's module comment) links there.
 *
 * @param {import('typedoc').Application} app
 */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    if (project.packageName === '@clientkit/core') return;
    for (const reflection of Object.values(project.reflections)) {
      if (!reflection.parent?.kindOf(ReflectionKind.Module)) continue;
      const symbol = project.getSymbolIdFromReflection(reflection);
      if (symbol?.packageName !== '@clientkit/core') continue;
      project.removeReflection(reflection);
      // Not "removed" but "documented elsewhere": references keep the symbol, which the merged
      // site resolves to core's page. The set is internal to TypeDoc (as of 0.28, pinned).
      /** @type {{ removedSymbolIds: { delete(id: unknown): boolean } }} */ (
        /** @type {unknown} */ (project)
      ).removedSymbolIds.delete(symbol);
    }
  });
}
