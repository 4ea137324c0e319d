// axe-core in a Playwright page: WCAG 2.1 A/AA rules, plus a few best-practice rules the site holds itself to (heading
// levels that do not jump, unique ids and landmarks, one <h1>). One line per failing node, naming page, rule, target.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Best-practice rules checked besides the WCAG tags. */
export const EXTRA_RULES = [
  'heading-order',
  'empty-heading',
  'page-has-heading-one',
  'duplicate-id',
  'duplicate-id-active',
  'landmark-unique',
  'landmark-one-main',
];

interface AxeResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

let source: string | undefined;

/** Violations on the page currently loaded in `tab`, as readable lines prefixed with `label`. */
export async function axeViolations(tab: Page, label: string): Promise<string[]> {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not block it.
  await tab.evaluate(source);
  // One pass: the WCAG tags, with the best-practice rules switched on beside them (axe's `rules` option adds rules to
  // a tag run), so axe builds its tree of the page once, not twice.
  const r = (await tab.evaluate(
    async (o) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: o.tags },
        rules: Object.fromEntries(o.rules.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      }),
    { tags: WCAG_TAGS, rules: EXTRA_RULES },
  )) as AxeResult;
  const lines: string[] = [];
  for (const v of r.violations)
    for (const n of v.nodes)
      lines.push(
        `${label}  ${v.id} [${v.impact ?? '?'}]  ${JSON.stringify(n.target)}: ${v.help}` +
          (n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 220)})` : ''),
      );
  return lines;
}
