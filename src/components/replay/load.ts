// Data loading for the replay pages: the one place that reads a trial's sidecars (through harness/io), parses them
// and hands them to the pure replay transforms. Pages and endpoints only call these functions.
import type { TrialRow } from '../../bench/derive/dataset.ts';
import { parseTranscript, validatedWireLog } from '../../bench/derive/parse.ts';
import { formatProblem } from '../../bench/problems.ts';
import { comparePairs, pairTrial, type ComparePair } from '../../bench/replay/pairs.ts';
import { PAGE_SIZE, replayView, type ReplayView } from '../../bench/replay/view.ts';
import type { TranscriptEntry } from '../../bench/schema/transcript.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { readTrialFiles, type TrialFileTexts } from '../../harness/io/trial-sidecars.ts';
import { dataset } from '../../site/data.ts';
import { parseSnapshot } from '../../bench/derive/snapshot.ts';
import { snapshotView, type SnapshotView } from '../../site/snapshot.ts';
import { trialUrl } from '../../site/urls.ts';

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
  // pages was an eighth of the build. The seal comparison still catches a log changed since.
  const seal = (JSON.parse(texts.record) as { wireChain: { head: string } }).wireChain.head;
  const w = validatedWireLog(texts.wire, seal);
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

/** The replay view model of one trial. */
export function replayOf(row: TrialRow): ReplayView {
  const t = loadTrial(row);
  t.view ??= replayView({
    trial: row,
    ...(t.log ? { log: t.log } : {}),
    ...(t.entries ? { transcript: t.entries } : {}),
    trialHref: trialUrl(row.id),
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

const byId = new Map<string, TrialRow>();
export function trialById(id: string): TrialRow {
  if (byId.size === 0) for (const t of dataset().trials) byId.set(t.id, t);
  const t = byId.get(id);
  if (!t) throw new Error(`unknown trial "${id}"`);
  return t;
}

/** How many exchange pages a trial has (1 holds the first PAGE_SIZE on the trial page itself). Cheap: counts requests. */
export function exchangePageCount(row: TrialRow): number {
  const text = readTrialFiles({ record: row.files.record, wire: row.files.wire }).wire;
  let requests = 0;
  for (const line of text.split('\n')) {
    if (!line.includes('"request"')) continue;
    try {
      if ((JSON.parse(line) as { type?: unknown }).type === 'request') requests++;
    } catch {
      // derive validated the log; a stray line cannot add a page.
    }
  }
  return Math.ceil(requests / PAGE_SIZE);
}

/** getStaticPaths of the exchange pages: pages 2 … n of every trial with more than one (page 1 is the trial page). */
export function exchangePagePaths(): {
  params: { id: string; page: string };
  props: { trial: TrialRow; page: number };
}[] {
  return replayTrials().flatMap((t) =>
    Array.from({ length: Math.max(0, exchangePageCount(t) - 1) }, (_, i) => ({
      params: { id: t.id, page: String(i + 2) },
      props: { trial: t, page: i + 2 },
    })),
  );
}

/** getStaticPaths of the per-trial pages and endpoints: one path per trial, the row as a prop. */
export function trialStaticPaths(
  only: (t: TrialRow) => boolean = () => true,
): { params: { id: string }; props: { trial: TrialRow } }[] {
  return replayTrials()
    .filter(only)
    .map((t) => ({ params: { id: t.id }, props: { trial: t } }));
}
