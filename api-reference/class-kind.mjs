// @ts-check

import { Converter, ReflectionKind } from 'typedoc';
import ts from 'typescript';

/**
 * The clients export their resource classes (`Spaces`, `Clients`, `Servers`...) as types only:
 * an application reaches them through the client (`docs.spaces`) and never constructs one. TypeDoc
 * files a class exported that way under "Interface", which misleads a reader who then sees the same
 * name declared as a class in the `.d.ts`. This plugin labels them "Class" again. The page keeps
 * what the type-only export gives: the members, and no constructor, which is not the
 * application's to call.
 *
 * @param {import('typedoc').Application} app
 */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Interface)) {
      const symbol = context.getSymbolFromReflection(reflection);
      if (!symbol || !(symbol.flags & ts.SymbolFlags.Class)) continue;
      reflection.kind = ReflectionKind.Class;
    }
  });
}
