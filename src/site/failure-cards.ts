// A library's published failures as cards (subject and checkpoint pages): the checkpoint, the sentence it quotes with
// its pinned line, the verdict and message, and the evidence behind it (failure-evidence links). Pure: the caller
// gives the scenarios, the repository URL and the build commit.
import type { Dataset } from '../bench/derive/dataset.ts';
import type { LibraryFailureRow } from '../bench/schema/library-view.ts';
import { failureEvidence, type FailureEvidence } from './evidence-links.ts';
import { specLink, specLocation } from './spec-link.ts';
import { checkpointUrl, scenarioUrl, subjectUrl, trialUrl } from './urls.ts';

/** One failing library verdict as a card shows it. */
export interface FailureCard {
  /** Anchor on the page: `f-<revision>-<role>-<scenario>-<checkpoint>` (subject pages) or with the subject. */
  id: string;
  row: LibraryFailureRow;
  checkpointHref: string;
  scenarioHref: string;
  subjectHref: string;
  /** The scenario's title. */
  scenarioTitle: string;
  /** The judge's rule for the checkpoint (what it checked, in one sentence). */
  rule: string | undefined;
  /** The quoted sentence and its pinned line; undefined for the task checkpoint. */
  sentence: { revision: string; file: string; quote: string; href: string; location: string } | undefined;
  /** The verdict row on the trial page; undefined without a trial. */
  trialHref: string | undefined;
  evidence: FailureEvidence;
}

const token = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-');

export function failureCards(
  failures: readonly LibraryFailureRow[],
  scenarios: Dataset['scenarios'],
  repoUrl: string | undefined,
  commit: string,
): FailureCard[] {
  return failures.map((f) => {
    const s = scenarios.find((x) => x.revision === f.revision && x.role === f.role && x.id === f.scenario);
    const c = s?.checkpoints.find((x) => x.slug === f.checkpoint);
    return {
      id: `f-${token(f.subject)}-${f.revision}-${f.role}-${f.scenario}-${f.checkpoint}`,
      row: f,
      checkpointHref: checkpointUrl(f.revision, f.role, f.scenario, f.checkpoint),
      scenarioHref: scenarioUrl(f.revision, f.role, f.scenario),
      subjectHref: subjectUrl(f.subject),
      scenarioTitle: s?.title ?? f.scenario,
      rule: c?.rule,
      sentence: c?.spec
        ? {
            revision: f.revision,
            file: c.spec.file,
            quote: c.spec.quote,
            href: specLink(f.revision, c.spec.file, c.spec.line),
            location: specLocation(c.spec.file, c.spec.line),
          }
        : undefined,
      trialHref: f.trial ? `${trialUrl(f.trial)}#v-${f.checkpoint}` : undefined,
      evidence: failureEvidence(f, repoUrl, commit),
    };
  });
}

/** Failures in reading order: scored failures first (MUST before SHOULD), then strict-only and consequences. */
export function failuresInOrder(failures: readonly LibraryFailureRow[]): LibraryFailureRow[] {
  const rank = (f: LibraryFailureRow) =>
    (f.verdict === 'fail' && !f.consequenceOf ? 0 : 2) + (f.level === 'MUST' ? 0 : 1);
  return [...failures].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.revision.localeCompare(b.revision) ||
      a.role.localeCompare(b.role) ||
      a.scenario.localeCompare(b.scenario) ||
      a.checkpoint.localeCompare(b.checkpoint),
  );
}

/** How many failures a list has, and how many of them count in a score (not contested-only, not consequences). */
export function failureCounts(failures: readonly LibraryFailureRow[]): { total: number; scored: number } {
  return { total: failures.length, scored: failures.filter((f) => f.verdict === 'fail' && !f.consequenceOf).length };
}
