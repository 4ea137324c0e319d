// Data loading for the replay pages: the one place that reads a trial's sidecars (through harness/io), parses them
// and hands them to the pure replay transforms. Pages and endpoints only call these functions.
import type { TrialRow } from '../../bench/derive/dataset.ts';
import { parseTranscript, validatedWireLog } from '../../bench/derive/parse.ts';
import { formatProblem } from '../../bench/problems.ts';
import { comparePairs, pairTrial, type ComparePair } from '../../bench/replay/pairs.ts';
import { PAGE_SIZE, replayView, type ReplayView } from '../../bench/replay/view.ts';
import type { Review } from '../../bench/schema/review.ts';
import type { TranscriptEntry } from '../../bench/schema/transcript.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { readTrialFiles, type TrialFileTexts } from '../../harness/io/trial-sidecars.ts';
import { dataset } from '../../site/data.ts';
import { parseSnapshot } from '../../bench/derive/snapshot.ts';
import { snapshotView, type SnapshotView } from '../../site/snapshot.ts';
import { trialUrl } from '../../site/urls.ts';
import { comparePageKey, exchangePageKey, trialContentKey, trialPageKey } from '../../site/page-keys.ts';
import { trialDigest } from '../../bench/derive/trial-digest.ts';
import { buildCommit, recordChrome } from '../../site/build-info.ts';
import { failureEvidence, type FailureEvidence } from '../../site/evidence-links.ts';
import type { LibraryFailureRow } from '../../bench/schema/library-view.ts';
import { failsAnyReading } from '../../bench/scoring/score.ts';
import { flakyViews, type FlakyView } from '../../site/releases.ts';
import { modelTrafficView, type ModelTrafficView } from '../../site/model-traffic.ts';
import { parseModelTraffic } from '../../bench/model-traffic/parse.ts';
import { atifTrajectory } from '../../bench/model-traffic/atif.ts';
import type { AtifTrajectory } from '../../bench/schema/atif.ts';
import { PRICE_TABLE } from '../../bench/cost/prices.ts';

export interface LoadedTrial {
  row: TrialRow;
  texts: TrialFileTexts;
  log?: WireLog;
  entries?: TranscriptEntry[];
  /** The view model, once built (a large trial's exchange pages all need it). */
  view?: ReplayView;
}

// Astro renders one route's pages after another, so a cache only pays off within a route: the exchange pages of a
// large trial follow each other, and compare pages reuse a scenario's oracle trial. Keep the last few parsed.
const recent = new Map<string, LoadedTrial>();
const RECENT = 8;

/** Read and parse one trial's files. Derive already validated them, so a parse problem here is a stale data set. */
export function loadTrial(row: TrialRow): LoadedTrial {
  const hit = recent.get(row.id);
  if (hit) {
    // Least recently used goes first: an oracle trial used by many compare pages stays cached.
    recent.delete(row.id);
    recent.set(row.id, hit);
    return hit;
  }
  const texts = readTrialFiles(row.files);
  // Derive validated the log (schema, hash chain) moments before the build; re-validating it on each of the trial's
  // pages was an eighth of the build. The seal comparison (derive's copy of the record's seal) still catches a log
  // changed since.
  const w = validatedWireLog(texts.wire, row.wireHead);
  if (!w.log)
    throw new Error(`${row.files.wire}: changed since derive (${w.problem})\n  hint: re-run \`npm run derive\``);
  const t =
    texts.transcript !== undefined && row.files.transcript
      ? parseTranscript(row.files.transcript, texts.transcript)
      : undefined;
  if (t && !t.entries) throw new Error(t.problems.map(formatProblem).join('\n'));
  const loaded: LoadedTrial = { row, texts, log: w.log, ...(t?.entries ? { entries: t.entries } : {}) };
  recent.set(row.id, loaded);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return loaded;
}

/** The record and sidecars of one trial as stored, unparsed (the raw-bytes download endpoints). */
export function trialTexts(row: TrialRow): TrialFileTexts {
  return readTrialFiles(row.files);
}

/** The model traffic of a trial (every model turn through its proxy); undefined when it has no model sidecar. */
export function modelTrafficOf(row: TrialRow): ModelTrafficView | undefined {
  const t = loadTrial(row);
  if (!row.files.model || t.texts.model === undefined) return undefined;
  return modelTrafficView(row.files.model, t.texts.model);
}

/**
 * A trial's model traffic as an ATIF v1.4 trajectory (Harbor's format), priced by the committed price table when its
 * `provider/model` is in it; undefined without a model sidecar.
 */
export function trajectoryOf(row: TrialRow): AtifTrajectory | undefined {
  const text = trialTexts(row).model;
  if (!row.files.model || text === undefined) return undefined;
  const { traffic, problems } = parseModelTraffic(row.files.model, text);
  if (!traffic) throw new Error(problems.map(formatProblem).join('\n') + '\n  hint: re-run `npm run derive`');
  const s = row.subject;
  const price = PRICE_TABLE.models.find((m) => s.provider && s.model && m.model === `${s.provider}/${s.model}`);
  return atifTrajectory({
    trial: row.id,
    subject: s,
    startedAt: row.startedAt,
    exchanges: traffic.exchanges,
    ...(price ? { price } : {}),
  });
}

/** The file list of a trial's solution snapshot; undefined when it has none. */
export function snapshotOf(row: TrialRow): SnapshotView | undefined {
  const t = loadTrial(row);
  if (!row.files.snapshot || t.texts.snapshot === undefined) return undefined;
  const s = parseSnapshot(row.files.snapshot, t.texts.snapshot);
  if (!s.header || !s.files)
    throw new Error(s.problems.map(formatProblem).join('\n') + '\n  hint: re-run `npm run derive`');
  return snapshotView(
    s.header,
    s.files.map((f) => f.file),
  );
}

/** The data set's entry of a trial's scenario (its checkpoints' contests are shown beside the verdicts). */
const scenarioOf = (row: TrialRow) =>
  dataset().scenarios.find((s) => s.revision === row.revision && s.role === row.role && s.id === row.scenario);

let failureIndex: Map<string, Map<string, LibraryFailureRow>> | undefined;
/** The published failures of a trial's verdicts, by checkpoint (library trials; empty for every other). */
function failuresOf(id: string): Map<string, LibraryFailureRow> {
  if (!failureIndex) {
    failureIndex = new Map();
    // A failure row cites the first repetition that fails; every repetition of its cell that fails the same
    // checkpoint shows the same review and evidence.
    const cell = (x: { subject: string; revision: string; role: string; scenario: string }) =>
      [x.subject, x.revision, x.role, x.scenario].join('\u0000');
    const repetitions = new Map<string, TrialRow[]>();
    for (const t of dataset().trials)
      if (t.subject.kind === 'library' && t.docs === 'none' && t.status === 'completed') {
        const key = cell({ ...t, subject: t.subject.id });
        repetitions.set(key, [...(repetitions.get(key) ?? []), t]);
      }
    for (const f of dataset().libraries.failures) {
      if (!f.trial) continue;
      const failing = (repetitions.get(cell(f)) ?? [])
        .filter((t) => t.verdicts.some((v) => v.checkpoint === f.checkpoint && failsAnyReading(v)))
        .map((t) => t.id);
      for (const id of new Set([f.trial, ...failing])) {
        const m = failureIndex.get(id) ?? new Map<string, LibraryFailureRow>();
        m.set(f.checkpoint, f);
        failureIndex.set(id, m);
      }
    }
  }
  return failureIndex.get(id) ?? new Map();
}

/** The reviews of a trial's failing verdicts, by checkpoint (library trials; empty for every other). */
export function reviewsOf(id: string): Map<string, Review> {
  const m = new Map<string, Review>();
  for (const [c, f] of failuresOf(id)) if (f.evidence) m.set(c, f.evidence.review);
  return m;
}

/**
 * The commit a trial's page links files at: the build's for library trials (their glue and evidence), none for the
 * others, whose pages stay record-scoped (reused across builds).
 */
export const pageCommitOf = (row: TrialRow): string | null => (row.subject.kind === 'library' ? buildCommit() : null);

/** The evidence links of a trial's failing verdicts, by checkpoint (library trials; empty for every other). */
export function evidenceOf(row: TrialRow): Map<string, FailureEvidence> {
  const commit = pageCommitOf(row);
  const m = new Map<string, FailureEvidence>();
  if (commit === null) return m;
  for (const [c, f] of failuresOf(row.id)) m.set(c, failureEvidence(f, recordChrome().repoUrl, commit));
  return m;
}

/** The replay view model of one trial. */
export function replayOf(row: TrialRow): ReplayView {
  const t = loadTrial(row);
  const scenario = scenarioOf(row);
  t.view ??= replayView({
    trial: row,
    ...(t.log ? { log: t.log } : {}),
    ...(t.entries ? { transcript: t.entries } : {}),
    trialHref: trialUrl(row.id),
    ...(scenario ? { scenario } : {}),
    reviews: reviewsOf(row.id),
  });
  return t.view;
}

/** Every trial that gets a replay page (completed and infra-error alike). */
export function replayTrials(): TrialRow[] {
  return dataset().trials;
}

let pairs: ComparePair[] | undefined;
/** The compare pages of this build (see bench/replay/pairs.ts for which pairs, and why linear). */
export function allComparePairs(): ComparePair[] {
  pairs ??= comparePairs(dataset().trials.map(pairTrial));
  return pairs;
}

let pairIndex: Map<string, ComparePair[]> | undefined;
/** The compare pairs one trial takes part in, in pair order (an index: a scan per trial page is quadratic). */
export function pairsOfTrial(id: string): ComparePair[] {
  if (!pairIndex) {
    pairIndex = new Map();
    for (const p of allComparePairs())
      for (const t of p.a === p.b ? [p.a] : [p.a, p.b]) {
        const list = pairIndex.get(t);
        if (list) list.push(p);
        else pairIndex.set(t, [p]);
      }
  }
  return pairIndex.get(id) ?? [];
}

/** getStaticPaths of the compare pages: one per pair, keyed by both trials' keys. */
export function comparePagePaths(): {
  params: { a: string; b: string };
  props: { pair: ComparePair };
  cacheKey: string;
}[] {
  return allComparePairs().map((p) => ({
    params: { a: p.a, b: p.b },
    props: { pair: p },
    cacheKey: comparePageKey(p, trialKey(trialById(p.a)), trialKey(trialById(p.b))),
  }));
}

const keys = new Map<string, string>();
/** The cache key of what shows a trial's content (src/site/page-keys.ts says what it covers). */
export function trialKey(row: TrialRow): string {
  let k = keys.get(row.id);
  if (k === undefined) {
    const scenario = scenarioOf(row);
    // The bytes as this build reads them (not derive's view of them): a download serves exactly these.
    const texts = readTrialFiles(row.files);
    const digest = trialDigest(
      Object.entries(row.files).map(([kind, path]) => ({ path, content: texts[kind as keyof TrialFileTexts]! })),
    );
    k = trialContentKey({
      row,
      digest,
      scenario,
      failures: [...failuresOf(row.id).values()],
      commit: pageCommitOf(row),
      chrome: recordChrome(),
    });
    keys.set(row.id, k);
  }
  return k;
}

const byId = new Map<string, TrialRow>();
export function trialById(id: string): TrialRow {
  if (byId.size === 0) for (const t of dataset().trials) byId.set(t.id, t);
  const t = byId.get(id);
  if (!t) throw new Error(`unknown trial "${id}"`);
  return t;
}

/** How many exchange pages a trial has (1 holds the first PAGE_SIZE on the trial page itself), from derive's count. */
export const exchangePageCount = (row: TrialRow): number => Math.ceil(row.requests / PAGE_SIZE);

/** getStaticPaths of the exchange pages: pages 2 … n of every trial with more than one (page 1 is the trial page). */
export function exchangePagePaths(): {
  params: { id: string; page: string };
  props: { trial: TrialRow; page: number };
  cacheKey: string;
}[] {
  return replayTrials().flatMap((t) =>
    Array.from({ length: Math.max(0, exchangePageCount(t) - 1) }, (_, i) => ({
      params: { id: t.id, page: String(i + 2) },
      props: { trial: t, page: i + 2 },
      cacheKey: exchangePageKey(trialKey(t), i + 2),
    })),
  );
}

/**
 * getStaticPaths of the per-trial pages and endpoints: one path per trial, the row as a prop, keyed by its content
 * (the replay page, which also lists its compare links, passes `replayPageKey`).
 */
export function trialStaticPaths(
  only: (t: TrialRow) => boolean = () => true,
  key: (t: TrialRow) => string = trialKey,
): { params: { id: string }; props: { trial: TrialRow }; cacheKey: string }[] {
  return replayTrials()
    .filter(only)
    .map((t) => ({ params: { id: t.id }, props: { trial: t }, cacheKey: key(t) }));
}

/** The replay page's key: the trial's content, its compare links and its flaky checkpoints (its siblings' verdicts). */
export const replayPageKey = (t: TrialRow): string =>
  trialPageKey(`${trialKey(t)}\u0000${JSON.stringify([...flakyOf(t.id)])}`, pairsOfTrial(t.id));

let flakyIndex: Map<string, Map<string, FlakyView>> | undefined;
/** The checkpoints of a trial whose verdict differs between the repetitions of its cell, by slug. */
export function flakyOf(id: string): Map<string, FlakyView> {
  if (!flakyIndex) {
    flakyIndex = new Map();
    const rows = dataset().stats.flaky;
    flakyViews(rows).forEach((view, i) => {
      for (const r of rows[i]!.runs) {
        const m = flakyIndex!.get(r.trial) ?? new Map<string, FlakyView>();
        m.set(rows[i]!.checkpoint, view);
        flakyIndex!.set(r.trial, m);
      }
    });
  }
  return flakyIndex.get(id) ?? new Map();
}
