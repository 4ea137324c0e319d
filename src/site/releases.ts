// Release history and flaky verdicts as a library's page, a trial page and a checkpoint page show them: pure views
// of `dataset.libraries.releases`, `dataset.libraries.registered`, the library boards (`rows` and `earlier`) and
// `dataset.stats.flaky`.
import type { Dataset } from '../bench/schema/dataset.ts';
import type { TransportLineage } from '../bench/schema/library.ts';
import type { FlakyVerdict } from '../bench/schema/stats.ts';
import { flakySummary } from '../bench/derive/flaky.ts';
import { compareVersions } from '../bench/derive/releases.ts';
import { score3 } from './format.ts';
import { checkpointUrl, subjectUrl, trialUrl } from './urls.ts';

/** "its own", or the SDK package (and version) whose transport it runs. */
export function lineageText(t: TransportLineage): string {
  if (t.code === 'own') return 'its own';
  return `the official SDK's, from ${t.package}${t.version ? ` ${t.version}` : ' (bundled; no version stated)'}`;
}

/** One release row: its score per revision × role board (`—` where it has no row). */
export interface ReleaseRowView {
  version: string;
  label: string;
  /** The release's page (none for a release without trials: it has no page). */
  href?: string;
  /** The release whose page this is. */
  self: boolean;
  /** The newest release (the one on the boards). */
  newest: boolean;
  transport: string;
  scores: string[];
  /** Why a registered release has no scores (it speaks another protocol version), when it has none. */
  note?: string;
}

export interface FlipView {
  what: string;
  checkpointHref: string;
  level: string;
  change: string;
  regression: boolean;
  fromHref: string;
  toHref: string;
}

export interface PairView {
  from: string;
  to: string;
  summary: string;
  flips: FlipView[];
}

export interface ReleaseView {
  library: string;
  /** Board columns, e.g. "2025-11-25 server". */
  columns: string[];
  rows: ReleaseRowView[];
  pairs: PairView[];
}

type Data = Pick<Dataset, 'libraries' | 'boards'>;

/** The release history of the library a subject belongs to, or undefined when it has one release. */
export function releaseView(d: Data, subject: string): ReleaseView | undefined {
  const h = d.libraries.releases.find((x) => x.releases.some((r) => r.subject === subject));
  if (!h) return undefined;
  const boards = d.boards.filter(
    (b) => b.kind === 'library' && b.docs === 'none' && h.releases.some((r) => rowOf(b, r.subject)),
  );
  const newest = h.releases.at(-1)!.version;
  return {
    library: h.library,
    columns: boards.map((b) => `${b.revision} ${b.role ?? 'both roles'}`),
    rows: [
      ...h.releases.map((r) => ({
        version: r.version,
        label: r.label,
        href: subjectUrl(r.subject),
        self: r.subject === subject,
        newest: r.version === newest,
        transport: lineageText(r.transport),
        scores: boards.map((b) => {
          const row = rowOf(b, r.subject);
          return row ? score3(row.overall.mean) : '—';
        }),
      })),
      // Registered releases without a trial: each scenario not attempted (the version it speaks, when that is why).
      ...d.libraries.registered
        .filter((r) => r.library === h.library && !h.releases.some((x) => x.subject === r.subject))
        .map((r) => {
          const speaks = d.libraries.notAttempted.find((n) => n.subject === r.subject && n.negotiates)?.negotiates;
          return {
            version: r.version,
            label: r.label,
            self: r.subject === subject,
            newest: false,
            transport: lineageText(r.transport),
            scores: boards.map(() => '—'),
            note: speaks ? `speaks ${speaks} only: not attempted` : 'not attempted',
          };
        }),
    ].sort((a, b) => compareVersions(a.version, b.version)),
    pairs: h.pairs.map((p) => {
      const regressions = p.flips.filter((f) => f.regression).length;
      const flaky = p.flaky ? `; ${p.flaky} flaky checkpoint${p.flaky === 1 ? '' : 's'} not compared` : '';
      return {
        from: p.from,
        to: p.to,
        summary:
          p.flips.length === 0
            ? `${p.compared} scenario${p.compared === 1 ? '' : 's'} compared: no verdict changed${flaky}.`
            : `${p.compared} scenario${p.compared === 1 ? '' : 's'} compared: ${p.flips.length} verdict${p.flips.length === 1 ? '' : 's'} changed, ${regressions} of them ${regressions === 1 ? 'a regression' : 'regressions'}${flaky}.`,
        flips: p.flips.map((f) => ({
          what: `${f.revision} ${f.role} · ${f.scenario} · ${f.checkpoint}`,
          checkpointHref: checkpointUrl(f.revision, f.role, f.scenario, f.checkpoint),
          level: f.level,
          change: `${f.before} → ${f.after}`,
          regression: f.regression,
          fromHref: trialUrl(f.fromTrial),
          toHref: trialUrl(f.toTrial),
        })),
      };
    }),
  };
}

function rowOf(b: Dataset['boards'][number], subject: string) {
  return b.rows.find((r) => r.subject === subject) ?? b.earlier.find((r) => r.subject === subject);
}

/** A flaky checkpoint as a list item: where, how it went, and each repetition's trial. */
export interface FlakyView {
  where: string;
  checkpoint: string;
  checkpointHref: string;
  level: string;
  summary: string;
  runs: { label: string; href: string }[];
}

export function flakyViews(flaky: readonly FlakyVerdict[]): FlakyView[] {
  return flaky.map((f) => ({
    where: `${f.revision} ${f.role} · ${f.scenario}${f.docs === 'none' ? '' : ` · docs ${f.docs}`}`,
    checkpoint: f.checkpoint,
    checkpointHref: checkpointUrl(f.revision, f.role, f.scenario, f.checkpoint),
    level: f.level,
    summary: flakySummary(f),
    runs: f.runs.map((r) => ({ label: `k${r.k}: ${r.verdict}`, href: trialUrl(r.trial) })),
  }));
}

/** The most repetitions any cell of these trials has (1 when none): "each scenario ran k times". */
export const repetitionsOf = (trials: readonly { k: number }[]): number =>
  trials.reduce((most, t) => (t.k > most ? t.k : most), 1);
