// Cache keys of the pages that show one trial (its replay, exchange pages, downloads) or two (compare pages), for
// Astro's incremental build (astro.config.mjs): a page whose key and code are unchanged since the last build is copied,
// not rendered. A key must therefore cover everything such a page reads besides its code (Astro hashes the code):
// the trial's row, the digest of its record's and sidecars' bytes, the scenario (title, checkpoint contests), the
// published failures of its verdicts (library trials: review, evidence, glue; the links to them follow from these, the
// repository link and the commit), the record-scoped chrome (the repository link),
// the build commit for library trials only (their glue and evidence link at it; they are few, agent trials are many),
// and for the replay page the compare pairs it links to. Pages showing the whole data set (boards, subjects,
// scenarios, methodology) carry no key and are rendered every build: they change with any record. A table download
// is a pure function of its table (and, for JSON, the build commit it names), so its key is the table's digest.
import { createHash } from 'node:crypto';
import type { Dataset, TrialRow } from '../bench/derive/dataset.ts';
import type { ComparePair } from '../bench/replay/pairs.ts';

/** What a trial's pages read besides the row itself. */
export interface TrialPageInputs {
  row: TrialRow;
  /** trialDigest of the record and sidecars as the build reads them (the download endpoints serve their bytes). */
  digest: string;
  /** Its scenario's entry in the data set (the page title, the checkpoints' contests), when there is one. */
  scenario: Dataset['scenarios'][number] | undefined;
  /** The published failures of its verdicts (library trials: `dataset.libraries.failures` rows); empty for others. */
  failures: readonly unknown[];
  /** The build commit when the page shows it (library trials: glue and evidence at the commit); `null` otherwise. */
  commit: string | null;
  /** The record-scoped footer's inputs (Base.astro with `scope="record"`). */
  chrome: RecordChrome;
}

/** The site chrome a record-scoped page shows: no build commit or record count, so it does not change per build. */
export interface RecordChrome {
  repoUrl: string | undefined;
}

/** Everything a page showing the whole data set reads besides its code (src/site/load.ts is the site's only reader). */
export interface SiteInputs {
  /** generated/dataset.json as derive wrote it. */
  dataset: string;
  commit: string;
  date: string;
  repoUrl: string | undefined;
  /** CONTEXT.md (the methodology page renders it). */
  context: string | undefined;
}

/**
 * The key of every page that shows the whole data set (boards, subjects, scenarios, checkpoints, methodology): it
 * changes with any record and with the build commit in the footer, so such pages are reused only by a rebuild of the
 * same commit and data (an unchanged rebuild), and always rendered in a PR preview.
 */
export function siteKey(i: SiteInputs): string {
  const h = createHash('sha256').update('site/1\n');
  for (const part of [i.dataset, i.commit, i.date, i.repoUrl ?? '', i.context ?? ''])
    h.update(`${Buffer.byteLength(part, 'utf8')}\n`).update(part);
  return h.digest('hex');
}

const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The key of what shows one trial's content: its downloads, its exchange pages, and its side of a compare page. Not
 * its compare links: every new trial of a scenario adds one to the oracle trial's list, and that must not re-render
 * every compare page of the scenario.
 */
export const trialContentKey = (i: TrialPageInputs): string =>
  digest(['trial/5', i.row, i.digest, i.scenario ?? null, i.failures, i.commit, i.chrome]);

/** The key of a trial's replay page: its content and the compare pages it links to. */
export const trialPageKey = (content: string, pairs: readonly ComparePair[]): string =>
  digest(['trial-page/1', content, pairs]);

/** A compare page's key: both trials' keys and the pair. */
export const comparePageKey = (pair: ComparePair, a: string, b: string): string => digest(['compare/1', pair, a, b]);

/** An exchange page's key: its trial's key and the page number. */
export const exchangePageKey = (trialKey: string, page: number): string => digest(['exchanges/1', trialKey, page]);

/** A table download's key: the table as computed this build, and whatever else the file states (the JSON's commit). */
export const tableKey = (table: unknown, ...extra: unknown[]): string => digest(['table/1', table, ...extra]);
