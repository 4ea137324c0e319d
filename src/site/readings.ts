// The judges' readings of one revision × role, as their methodology page shows them: where a sentence is ambiguous,
// conditional or not fully observable, what the judge decided (each checkpoint's `reading` and `appliesWhen`, each
// scenario's `design`), and the sentences excluded as ambiguous with the reason no judge can decide them. The same
// data CONTEXT.md's generated section is written from (src/bench/context/deviations.ts), read from the data set so
// every name links to a page the reader can open. Pure.
import type { CoverageReport } from '../bench/coverage/types.ts';
import type { Dataset } from '../bench/derive/dataset.ts';
import { cmp } from '../bench/problems.ts';
import type { Revision, Role } from '../bench/schema/common.ts';
import { specFileUrl } from './spec-link.ts';
import { ledgerLink } from './coverage.ts';
import { checkpointUrl, ledgerUrl, scenarioUrl } from './urls.ts';

export interface ReadingView {
  slug: string;
  href: string;
  /** The sentence id and its ledger row, or none for the task checkpoint. */
  sentence?: { id: string; href?: string };
  level: string;
  /** Markdown (inlineMd): the rule, the reading, the condition. */
  rule: string;
  reading?: string;
  appliesWhen?: string;
  /** The same checkpoint with the same reading was listed under this scenario already. */
  sameAs?: { scenario: string; href: string };
}

export interface ReadingsView {
  revision: Revision;
  role: Role;
  /** Design notes every scenario of the role carries (markdown), said once. */
  common: string[];
  scenarios: { id: string; title: string; href: string; design: string[]; readings: ReadingView[] }[];
  /** In-scope sentences of this role the ledger excludes as ambiguous, with why. */
  ambiguous: { id: string; href: string; why: string }[];
}

/** Names of pinned spec files that readings mention, linked to the file at the pinned commit. */
const SPEC_FILES: Readonly<Record<string, (rev: Revision) => string>> = {
  'schema.ts': (rev) => `schema/${rev}/schema.ts`,
  'schema.json': (rev) => `schema/${rev}/schema.json`,
};

/** Turn a mention of a pinned spec file (bare or in backticks) into a link the reader can open. */
export function linkSpecFiles(text: string, revision: Revision): string {
  return text.replace(/`?\b(schema\.ts|schema\.json)\b`?/g, (m, name: string) => {
    const url = specFileUrl(revision, SPEC_FILES[name]!(revision));
    return url ? `[\`${name}\`](${url})` : m;
  });
}

/** Readings of `revision` × `role`, scenarios in board order (grade, then id). */
export function readingsView(
  d: Pick<Dataset, 'scenarios'> & { extra: { coverage?: unknown } },
  revision: Revision,
  role: Role,
): ReadingsView {
  const scenarios = d.scenarios
    .filter((s) => s.revision === revision && s.role === role)
    .sort((a, b) => a.grade - b.grade || cmp(a.id, b.id));
  const md = (t: string) => linkSpecFiles(t, revision);
  const common =
    scenarios.length > 1
      ? (scenarios[0]?.design ?? []).filter((n) => scenarios.every((s) => s.design?.includes(n)))
      : [];
  const report = d.extra.coverage as CoverageReport | undefined;
  const said = new Map<string, { scenario: string; text: string }>();
  const out = scenarios.map((s) => {
    const readings: ReadingView[] = [];
    for (const c of s.checkpoints) {
      if (!c.reading && !c.appliesWhen) continue;
      const text = `${c.rule}\n${c.reading ?? ''}\n${c.appliesWhen ?? ''}`;
      const before = said.get(c.slug);
      const base = {
        slug: c.slug,
        href: checkpointUrl(revision, role, s.id, c.slug),
        ...(c.spec ? { sentence: sentenceRef(report, revision, role, c.spec.id) } : {}),
        level: c.level,
        rule: md(c.rule),
      };
      if (before?.text === text) {
        readings.push({ ...base, sameAs: { scenario: before.scenario, href: `#r-${before.scenario}-${c.slug}` } });
        continue;
      }
      said.set(c.slug, { scenario: s.id, text });
      readings.push({
        ...base,
        ...(c.reading ? { reading: md(c.reading) } : {}),
        ...(c.appliesWhen ? { appliesWhen: md(c.appliesWhen) } : {}),
      });
    }
    return {
      id: s.id,
      title: s.title,
      href: scenarioUrl(revision, role, s.id),
      design: (s.design ?? []).filter((n) => !common.includes(n)).map(md),
      readings,
    };
  });
  const ambiguous = (report?.revisions.find((r) => r.revision === revision)?.sentences ?? [])
    .filter((x) => x.role === role && x.exclusion?.reason === 'ambiguous-see-CONTEXT')
    .map((x) => ({ id: x.id, href: ledgerUrl(revision, role, x.id), why: md(x.exclusion!.why) }));
  return { revision, role, common: common.map(md), scenarios: out, ambiguous };
}

/** A cited sentence, linked to its ledger row when the ledger of this build shows one (no link to a missing row). */
function sentenceRef(report: CoverageReport | undefined, revision: Revision, role: Role, id: string) {
  const href = ledgerLink(report, revision, role, id);
  return href === undefined ? { id } : { id, href };
}

/** Element id of one reading on its page (`sameAs` links point here). */
export const readingAnchor = (scenario: string, slug: string): string => `r-${scenario}-${slug}`;
