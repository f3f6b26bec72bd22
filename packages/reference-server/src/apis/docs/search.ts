import type { SearchPageResult } from '@clientkit/contracts/docs';
import type { StoredPage, StoredSpace } from './store';

function countOf(text: string, term: string): number {
  const lower = text.toLowerCase();
  let count = 0;
  for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length))
    count += 1;
  return count;
}

function termsOf(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

/**
 * Ranks the published pages of a space against a query: a match in a title weighs 3, in a
 * description 2, in a section body 1. Results come best first; `rank` is the 1-based place.
 */
export function searchSpace(space: StoredSpace, query: string, appUrl: string): SearchPageResult[] {
  const terms = termsOf(query);
  const scored: SearchPageResult[] = [];
  for (const page of space.pages) {
    if (!page.published) continue;
    const sections = page.sections
      .map((section) => ({
        id: section.id,
        title: section.title,
        path: `${page.path}#${section.id}`,
        body: section.body,
        urls: { app: `${appUrl}/${page.path}#${section.id}` },
        score: terms.reduce(
          (sum, t) => sum + 3 * countOf(section.title, t) + countOf(section.body, t),
          0,
        ),
      }))
      .filter((section) => section.score > 0)
      .sort((a, b) => b.score - a.score);
    const own = terms.reduce(
      (sum, t) => sum + 3 * countOf(page.title, t) + 2 * countOf(page.description, t),
      0,
    );
    const score = own + sections.reduce((sum, s) => sum + s.score, 0);
    if (score === 0) continue;
    scored.push({
      id: page.id,
      title: page.title,
      description: page.description,
      path: page.path,
      score,
      rank: 0,
      ancestors: ancestorsOf(space.pages, page),
      urls: { app: `${appUrl}/${page.path}` },
      sections,
    });
  }
  scored.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
  return scored.map((result, index) => Object.assign(result, { rank: index + 1 }));
}

function ancestorsOf(pages: StoredPage[], page: StoredPage): { title: string }[] {
  const parts = page.path.split('/');
  const ancestors: { title: string }[] = [];
  for (let depth = 1; depth < parts.length; depth++) {
    const parentPath = parts.slice(0, depth).join('/');
    const parent = pages.find((p) => p.path === parentPath);
    if (parent) ancestors.push({ title: parent.title });
  }
  return ancestors;
}
