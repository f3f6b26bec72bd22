import type { Context } from 'hono';
import type { InterfaceModule } from './interface';

/**
 * The site's front page: where each interface lives, with the Link headers the interfaces
 * announce there (WordPress's REST root, which discovery clients look for).
 */
export function frontPage(c: Context, modules: InterfaceModule[]): Response {
  const origin = new URL(c.req.url).origin;
  for (const module of modules) {
    for (const link of module.frontPageLinks?.(origin) ?? [])
      c.header('Link', link, { append: true });
  }
  const items = modules
    .map(
      (module) =>
        `<li>${module.name}: <code>${module.prefixes.join('</code>, <code>')}</code></li>`,
    )
    .join('');
  return c.html(
    `<!doctype html><title>clientkit reference server</title><h1>clientkit reference server</h1><ul>${items}</ul>`,
  );
}
