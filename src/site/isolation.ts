// How isolation reads on the site: a row's isolation cell (derive counted the trials per kind and set `mixed`), the
// column's explanation, the footnote of a table with a mixed row, and a trial's own isolation with its container.
import type { TrialRow } from '../bench/derive/dataset.ts';
import type { IsolationKind, IsolationTally } from '../bench/schema/isolation.ts';
import { mib, plural } from './format.ts';
import type { Column, Display, Value } from './table.ts';

/** What each kind hides and limits, in a few words (column titles, tooltips, the trial page). */
export const ISOLATION_BLURBS: Record<IsolationKind, string> = {
  docker: 'own container, no network, limits',
  netns: 'own network namespace, loopback only',
  none: 'not isolated',
};

/** The isolation column's header tooltip: every kind explained. */
export const ISOLATION_TITLE = (['docker', 'netns', 'none'] as const)
  .map((k) => `${k}: ${ISOLATION_BLURBS[k]}`)
  .join('; ');

/** The isolation column of a table of rows. */
export const isolationColumn = (): Column => ({ key: 'isolation', label: 'Isolation', title: ISOLATION_TITLE });

/** The download value: `kind:trials` per kind, most trials first ("docker:12 netns:3"); `null` without trials. */
export const isolationValue = (t: IsolationTally): Value =>
  t.kinds.length ? t.kinds.map((k) => `${k.kind}:${k.trials}`).join(' ') : null;

/** The cell: the one kind ("docker"), or "mixed: docker 12 · netns 3" with a note saying the row pools them. */
export function isolationDisplay(t: IsolationTally): Display {
  const [only] = t.kinds;
  if (!only) return { text: '—', note: 'no trials' };
  if (!t.mixed) {
    const which = only.trials === 1 ? 'its one trial' : `all ${only.trials} trials`;
    return { text: only.kind, note: `${which}: ${ISOLATION_BLURBS[only.kind]}` };
  }
  return {
    text: `mixed: ${t.kinds.map((k) => `${k.kind} ${k.trials}`).join(' · ')}`,
    note: `trials of this row ran under different isolation: ${t.kinds
      .map((k) => `${plural(k.trials, 'trial')} ${k.kind} (${ISOLATION_BLURBS[k.kind]})`)
      .join(', ')}`,
  };
}

/** A table's footnote when one of its rows mixes isolation kinds (none otherwise). */
export const isolationNotes = (tallies: readonly IsolationTally[]): string[] =>
  tallies.some((t) => t.mixed)
    ? [
        'mixed: the trials of the row ran under different isolation kinds (trials per kind shown); its figures pool them.',
      ]
    : [];

/** One fact of the trial page's Isolation block. */
export interface Fact {
  term: string;
  text: string;
  /** Full value as a tooltip, when `text` shortens it. */
  title?: string;
  /** An identifier (image reference, content id): shown as code. */
  code?: boolean;
}

/** A trial's isolation on its page: the kind, and for a `docker` trial its image, image id and limits. */
export function trialIsolationFacts(t: Pick<TrialRow, 'isolation' | 'sandbox'>): Fact[] {
  const kind: Fact = { term: 'Isolation', text: `${t.isolation} — ${ISOLATION_BLURBS[t.isolation]}` };
  const s = t.sandbox;
  if (!s) return [kind];
  const l = s.limits;
  return [
    kind,
    { term: 'Image', text: s.image, code: true },
    { term: 'Image id', text: s.imageId.slice(0, 'sha256:'.length + 12), title: s.imageId, code: true },
    {
      term: 'Limits',
      text: `pids ${l.pids} · memory ${mib(l.memoryBytes)} · cpus ${l.cpus} · /tmp ${mib(l.tmpBytes)}`,
    },
    { term: 'Capabilities', text: s.capabilities.length ? s.capabilities.join(', ') : 'none' },
  ];
}
