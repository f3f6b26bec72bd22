// @ts-check
import { Comment, Converter, ReflectionKind } from 'typedoc';

/**
 * A contract's operations are object literals, and TypeDoc documents a contract's type member by
 * member. Each operation's `response` is an arrow function (`(r) => r.Space`) that picks its answer's
 * schema; writing the same comment on each of them in the source would say nothing new, so this
 * plugin gives each the one comment `Operation.response` has in @clientkit/core.
 *
 * @param {import('typedoc').Application} app
 */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    if (project.packageName !== '@clientkit/contracts') return;
    for (const reflection of project.getReflectionsByKind(ReflectionKind.Property)) {
      if (reflection.name !== 'response' || reflection.hasComment()) continue;
      if (!reflection.parent?.kindOf(ReflectionKind.TypeLiteral)) continue;
      reflection.comment = new Comment([
        {
          kind: 'text',
          text: "The schema of the operation's success answer.",
        },
      ]);
    }
  });
}
