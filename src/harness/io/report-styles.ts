// The stylesheets the probe's HTML report inlines (src/bench/report/replay-html.ts): the site's own, so the report
// looks like the site's replay and cannot drift from it. Read beside this module: src/styles/ in the project, and
// dist/src/styles/ in the prober package (scripts/pack-probe.ts copies them there; the relative path is the same).
import { readFileSync } from 'node:fs';

/** site.css (variables, light/dark, tables) then replay.css (the replay's own rules), as the site loads them. */
export const REPORT_STYLESHEETS = ['site.css', 'replay.css'] as const;

/** Their text, joined, for one inline `<style>`. */
export function reportStyles(): string {
  return REPORT_STYLESHEETS.map((f) => readFileSync(new URL(`../../styles/${f}`, import.meta.url), 'utf8')).join('\n');
}
