// The kinds of page a build has: one per HTML route of src/pages (`[revision]/index.astro`, `trials/[id]/index.astro`,
// …), each with the built pages it produced. Routes are matched in Astro's priority order (segment by segment: a static
// segment before a parameter, a parameter before a rest parameter), so a page added under src/pages is a new kind
// without any list to update.
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

export interface PageKind {
  /** The route file under src/pages, e.g. `trials/[id]/index.astro`. */
  route: string;
  /** Built pages of the route (paths under the output folder), sorted. */
  pages: string[];
}

interface Route {
  route: string;
  re: RegExp;
  /** Per segment: 0 static, 1 parameter, 2 rest parameter (compared in order: lower wins). */
  rank: number[];
}

function toRoute(file: string): Route {
  // Astro writes its error pages as files of their own, whatever the build format: 404.astro → 404.html.
  if (/^(404|500)\.astro$/.test(file))
    return { route: file, re: new RegExp(`^${file.replace('.astro', '')}\\.html$`), rank: [0] };
  const segs = file.replace(/\.astro$/, '').split('/');
  if (segs.at(-1) === 'index') segs.pop();
  // Each segment with its slash; a rest parameter may be empty (`[...page]` of page 1 is the folder itself).
  const parts = segs.map((s) =>
    s.startsWith('[...') ? '(?:.+/)?' : s.startsWith('[') ? '[^/]+/' : `${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`,
  );
  const path = `${parts.join('')}index\\.html`;
  return {
    route: file,
    re: new RegExp(`^${path}$`),
    rank: segs.map((s) => (s.startsWith('[...') ? 2 : s.startsWith('[') ? 1 : 0)),
  };
}

function byRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return b.length - a.length;
}

/** Every `.astro` route of `pagesDir` with the HTML pages of `htmlFiles` it produced (pages no route claims: none). */
export function pageKinds(pagesDir: string, htmlFiles: readonly string[]): PageKind[] {
  const routes = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.astro'))
    .map((f) => toRoute(f.split(sep).join('/')))
    .sort((a, b) => byRank(a.rank, b.rank) || a.route.localeCompare(b.route));
  const kinds = new Map(routes.map((r) => [r.route, [] as string[]]));
  for (const f of [...htmlFiles].sort()) {
    const r = routes.find((x) => x.re.test(f));
    if (r) kinds.get(r.route)!.push(f);
  }
  return routes.map((r) => ({ route: r.route, pages: kinds.get(r.route)! }));
}

/** HTML files under `dir` (forward slashes). */
export const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(sep).join('/'))
    .filter((f) => f.endsWith('.html'));

export const pagesDir = (cwd = process.cwd()): string => join(cwd, 'src/pages');
