// @ts-check
import { Converter, ReflectionKind } from 'typedoc';

/**
 * Every error class extends `Error`, whose declaration in @types/node adds V8's stack-trace
 * statics (`captureStackTrace`, `prepareStackTrace`, `stackTraceLimit`). TypeDoc lists them as
 * inherited statics on each error page, with Node's own text: they are not part of our API, say
 * nothing about the error and are not there in a browser. This plugin leaves out every inherited
 * static member declared outside our packages; the instance members of `Error` (`message`,
 * `stack`, `cause`) stay, since they are what a caller reads.
 *
 * @param {import('typedoc').Application} app
 */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    for (const owner of project.getReflectionsByKind(ReflectionKind.Class)) {
      const members = /** @type {import('typedoc').DeclarationReflection} */ (owner).children;
      for (const member of [...(members ?? [])]) {
        const { isStatic, isExternal, isInherited } = member.flags;
        if (isStatic && isExternal && isInherited) project.removeReflection(member);
      }
    }
  });
}
