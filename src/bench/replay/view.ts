import type { TrialRow } from '../derive/dataset.ts';
import type { Contest } from '../schema/contest.ts';
import type { Review } from '../schema/review.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { TranscriptEntry } from '../schema/transcript.ts';
import type { Verdict } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { sentenceUrl } from '../spec/links.ts';
import { attribute, scoreDerivation, type Attribution } from './attribution.ts';
import { exchangeViews, wireMarks, type ExchangeView, type WireMark } from './exchanges.ts';
import { schemaExchangesByCheckpoint, schemaSummary, type SchemaSummaryView } from './schema.ts';
import { timelineGeom, type TimelineGeom } from './timeline.ts';
import { transcriptView, type TranscriptView, type TurnView } from './transcript.ts';

/** Exchanges per page: the trial page holds the first page in full, later pages live at `exchanges/<p>/`. */
export const PAGE_SIZE = 50;

export interface VerdictView extends Verdict {
  /** Links to the exchanges that evidence it (possibly on a later exchanges page). */
  evidenceLinks: { x: number; href: string }[];
  /** Links to its evidence exchanges that carry schema findings (evidence beside the verdict; the verdict is unchanged). */
  schemaLinks: { x: number; href: string }[];
  /** The checkpoint's contest, when its reading is contested: the strict reading shown beside the scored one. */
  contest?: Contest;
  /** The review of a failing library verdict (`libraries/evidence/index.json`), when there is one. */
  review?: Review;
  /** The sentence the checkpoint asserts, as the scenario quotes it, and its line in the pinned spec (not for the task). */
  sentence?: { revision: string; file: string; quote: string; href?: string };
  /** The judge's rule for the checkpoint (what it checks on the wire), when the scenario is known. */
  rule?: string;
}

/** An exchange with the page that holds it in full and the link to it there. */
export type PagedExchange = ExchangeView & { page: number; href: string };

export interface ExchangePage {
  /** 1 for the trial page itself. */
  n: number;
  /** Positions [from, to) in the exchange list, and their exchange indexes. */
  from: number;
  to: number;
  firstX: number;
  lastX: number;
  href: string;
  /** Time span on the wire clock and what the page holds, for the page table. */
  t: number;
  tEnd: number;
  failing: number;
  sse: number;
  errors: number;
}

export interface ReplayView {
  trial: TrialRow;
  attribution: Attribution;
  derivation: string[];
  verdicts: VerdictView[];
  wire?: { perspective: WireLog['header']['perspective']; startedAt: string; bodyCap: number };
  exchanges: PagedExchange[];
  marks: WireMark[];
  pages: ExchangePage[];
  /** Wire-only timeline. */
  timeline: TimelineGeom;
  /** Agent turns and the wire on one clock, when the transcript has timestamps. */
  overview?: TimelineGeom;
  transcript?: TranscriptView;
  /** ms since the wire log started, per turn number, when aligned. */
  turnTimes: Record<number, number>;
  counts: { exchanges: number; sseEvents: number; errors: number; failingExchanges: number; schemaFindings: number };
  /** What the pinned-schema check found (or why it was skipped). */
  schema: SchemaSummaryView;
}

export interface ReplayInput {
  trial: TrialRow;
  log?: WireLog;
  transcript?: readonly TranscriptEntry[];
  /** URL of the trial page, ending in `/` (base path included). */
  trialHref: string;
  pageSize?: number;
  /** The trial's scenario: contested checkpoints show both readings. */
  scenario?: Pick<Scenario, 'checkpoints'>;
  /** Reviews of the trial's failing verdicts, by checkpoint slug (library trials). */
  reviews?: ReadonlyMap<string, Review>;
}

/** Page number holding the exchange at position `pos` (from 1). */
export const pageOfPosition = (pos: number, pageSize = PAGE_SIZE): number => Math.floor(pos / pageSize) + 1;

/** URL of page `n` of a trial's exchanges. */
export const pageHref = (trialHref: string, n: number): string => (n === 1 ? trialHref : `${trialHref}exchanges/${n}/`);

function turnLabel(t: TurnView): string {
  if (t.toolCalls.length) return `${t.role}: ${t.toolCalls.map((c) => c.name).join(', ')}`;
  const text = (t.text[0] ?? '').replace(/\s+/g, ' ');
  return `${t.role}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
}

/** Turn times on the wire clock; empty unless every shown turn has a parseable timestamp. */
export function alignTurns(turns: readonly TurnView[], wireStartedAt: string | undefined): Record<number, number> {
  const t0 = wireStartedAt ? Date.parse(wireStartedAt) : NaN;
  if (Number.isNaN(t0) || turns.length === 0) return {};
  const out: Record<number, number> = {};
  for (const t of turns) {
    const at = t.at ? Date.parse(t.at) : NaN;
    if (Number.isNaN(at)) return {};
    out[t.n] = at - t0;
  }
  return out;
}

/** The runner's own notes in a wire log (how the subject's process ended, whether its port listened). */
const runnerNotes = (log: WireLog): string[] =>
  log.events.flatMap((e) => (e.type === 'note' && e.text.startsWith('runner: ') ? [e.text] : []));

/** record + wire log + transcript → the replay page's view model. Pure. */
export function replayView(input: ReplayInput): ReplayView {
  const { trial, log } = input;
  const size = input.pageSize ?? PAGE_SIZE;
  const exchanges = log ? exchangeViews(log, trial.verdicts, trial.schema) : [];
  const schemaXs = schemaExchangesByCheckpoint(trial.schema);
  const marks = log ? wireMarks(log) : [];
  const position = new Map(exchanges.map((e, i) => [e.x, i]));
  const hrefOf = (x: number) => {
    const pos = position.get(x);
    return pos === undefined ? `#x-${x}` : `${pageHref(input.trialHref, pageOfPosition(pos, size))}#x-${x}`;
  };
  const pages: ExchangePage[] = [];
  for (let from = 0; from < exchanges.length; from += size) {
    const to = Math.min(from + size, exchanges.length);
    const n = pageOfPosition(from, size);
    const slice = exchanges.slice(from, to);
    pages.push({
      n,
      from,
      to,
      firstX: slice[0]!.x,
      lastX: slice.at(-1)!.x,
      href: pageHref(input.trialHref, n),
      t: slice[0]!.t,
      tEnd: Math.max(...slice.map((e) => e.tEnd)),
      failing: slice.filter((e) => e.failing).length,
      sse: slice.filter((e) => e.sse.length > 0).length,
      errors: slice.filter((e) => e.error).length,
    });
  }
  const transcript = input.transcript ? transcriptView(input.transcript) : undefined;
  const turnTimes = transcript ? alignTurns(transcript.turns, log?.header.startedAt) : {};
  const aligned = transcript && Object.keys(turnTimes).length > 0 ? transcript.turns : [];
  const turns = aligned.map((t, i) => ({
    n: t.n,
    t: turnTimes[t.n]!,
    tEnd: turnTimes[aligned[i + 1]?.n ?? -1] ?? turnTimes[t.n]!,
    label: turnLabel(t),
    error: Boolean(t.error) || t.toolCalls.some((c) => c.result?.isError),
  }));
  return {
    trial,
    attribution: attribute({
      status: trial.status,
      ...(trial.infraReason ? { infraReason: trial.infraReason } : {}),
      ...(trial.contamination ? { contamination: trial.contamination } : {}),
      ...(log ? { perspective: log.header.perspective } : {}),
      subjectKind: trial.subject.kind,
      role: trial.role,
      runnerNotes: log ? runnerNotes(log) : [],
      verdicts: trial.verdicts,
      exchanges,
      ...(transcript ? { transcript } : {}),
    }),
    derivation: scoreDerivation(trial.score),
    verdicts: failuresFirst(trial.verdicts).map((v) => {
      const checkpoint = input.scenario?.checkpoints.find((c) => c.slug === v.checkpoint);
      const contest = checkpoint?.contested;
      const spec = checkpoint?.spec;
      const href = spec ? sentenceUrl(trial.revision, spec.file, spec.line) : undefined;
      const review = input.reviews?.get(v.checkpoint);
      return {
        ...v,
        evidenceLinks: v.evidence.map((x) => ({ x, href: hrefOf(x) })),
        schemaLinks: (schemaXs.get(v.checkpoint) ?? []).map((x) => ({ x, href: hrefOf(x) })),
        ...(contest ? { contest } : {}),
        ...(review ? { review } : {}),
        ...(checkpoint ? { rule: checkpoint.rule } : {}),
        ...(spec
          ? { sentence: { revision: trial.revision, file: spec.file, quote: spec.quote, ...(href ? { href } : {}) } }
          : {}),
      };
    }),
    ...(log
      ? { wire: { perspective: log.header.perspective, startedAt: log.header.startedAt, bodyCap: log.header.bodyCap } }
      : {}),
    exchanges: exchanges.map((e, i) => ({ ...e, page: pageOfPosition(i, size), href: hrefOf(e.x) })),
    marks,
    pages,
    timeline: timelineGeom({ exchanges, marks, hrefOf }),
    ...(turns.length ? { overview: timelineGeom({ exchanges, marks: [], turns, hrefOf }) } : {}),
    ...(transcript ? { transcript } : {}),
    turnTimes,
    counts: {
      exchanges: exchanges.length,
      sseEvents: exchanges.reduce((n, e) => n + e.sse.length, 0),
      errors: exchanges.filter((e) => e.error).length,
      failingExchanges: exchanges.filter((e) => e.failing).length,
      schemaFindings: exchanges.reduce((n, e) => n + e.schema.length, 0),
    },
    schema: schemaSummary(trial.schema),
  };
}

/** Where a verdict stands in a trial's table: what failed and counts first, then what only follows from it, then the rest. */
const RANK: Record<string, number> = { fail: 0, pass: 2, 'not-applicable': 3 };

/**
 * A trial's verdicts with its failures first (a reader opens the page for them), then the failures that only follow
 * from another, then passes and the rest; the scenario's checkpoint order within each group.
 */
export function failuresFirst<V extends { verdict: string; consequenceOf?: unknown }>(verdicts: readonly V[]): V[] {
  const rank = (v: V) => (v.verdict === 'fail' && v.consequenceOf ? 1 : (RANK[v.verdict] ?? 4));
  return verdicts
    .map((v, i) => ({ v, i }))
    .sort((a, b) => rank(a.v) - rank(b.v) || a.i - b.i)
    .map((x) => x.v);
}
