// Where a trial's token and cost figures come from, as the site labels them: `source: 'proxy'` = measured at the
// trial's model proxy from the provider's own responses; `harness` (or absent, older records) = reported by the
// harness. A board row pools its completed trials, so it may mix both. A session the proxy's budget ended says so.
import type { TrialRow } from '../bench/derive/dataset.ts';
import type { Usage } from '../bench/schema/usage.ts';
import { plural } from './format.ts';
import type { Display } from './table.ts';

export const MEASURED = 'measured at the model proxy';
export const REPORTED = 'reported by the harness';

/** The short marker after a measured figure, and what it means (tooltip, footnote). */
export const MEASURED_FLAG = 'measured';
export const MEASURED_NOTE =
  "measured at the model proxy: the provider's own token counts, read from every response the trial's proxy forwarded (cost = those tokens × the price table)";
export const REPORTED_NOTE =
  "reported by the harness: the agent's own count (pi's session), not checked against the provider";

/** Whether a usage's figures were measured at the proxy. */
export const isMeasured = (u: Pick<Usage, 'source'>): boolean => u.source === 'proxy';

/** A trial's usage source in words, for the replay header and its tooltip. */
export function usageSourceOf(u: Pick<Usage, 'source' | 'inputTokens' | 'outputTokens' | 'costUsd'>): {
  text: string;
  note: string;
  measured: boolean;
} {
  return isMeasured(u)
    ? { text: MEASURED, note: MEASURED_NOTE, measured: true }
    : { text: REPORTED, note: REPORTED_NOTE, measured: false };
}

/** "session ended by the model budget (tokens)": when the proxy's budget ended the agent's session. */
export function budgetLine(u: Pick<Usage, 'budgetExhausted' | 'requests'>): string | undefined {
  if (!u.budgetExhausted) return undefined;
  const what = { tokens: 'tokens', costUsd: 'cost in US$', requests: 'model requests' }[u.budgetExhausted];
  return `session ended by the model budget (${what}${u.requests !== undefined ? `, after ${plural(u.requests, 'model request')}` : ''}); the trial is judged as it stands`;
}

/** How a board row's completed trials got their usage: all measured, none, or some. */
export interface RowSource {
  measured: number;
  of: number;
}

/** Index of usage sources by `<revision>/<docs>/<subject>` over completed trials with token figures. */
export function rowSourceIndex(
  trials: readonly Pick<TrialRow, 'revision' | 'docs' | 'subject' | 'status' | 'usage'>[],
) {
  const m = new Map<string, RowSource>();
  for (const t of trials) {
    if (t.status !== 'completed' || (t.usage.inputTokens === undefined && t.usage.costUsd === undefined)) continue;
    const key = `${t.revision}/${t.docs}/${t.subject.id}`;
    const r = m.get(key) ?? { measured: 0, of: 0 };
    r.of++;
    if (isMeasured(t.usage)) r.measured++;
    m.set(key, r);
  }
  return m;
}

/**
 * The marker of a board row's usage cells: "measured" when every trial with figures was measured at the proxy,
 * "n/m measured" when some were, nothing (tooltip: reported by the harness) otherwise.
 */
export function rowSourceDisplay(s: RowSource | undefined): Pick<Display, 'flag' | 'note'> {
  if (!s || s.of === 0) return {};
  if (s.measured === s.of) return { flag: MEASURED_FLAG, note: MEASURED_NOTE };
  if (s.measured === 0) return { note: REPORTED_NOTE };
  return {
    flag: `${s.measured}/${s.of} ${MEASURED_FLAG}`,
    note: `${s.measured} of ${s.of} trials ${MEASURED}, the others ${REPORTED}: the mean pools both`,
  };
}

/** The board footnote on usage sources, when a row has measured figures. */
export function rowSourceNotes(sources: readonly (RowSource | undefined)[]): string[] {
  return sources.some((s) => s && s.measured > 0)
    ? [
        `measured: tokens and cost ${MEASURED} (the provider's counts in every response the trial's proxy forwarded); rows without the marker are ${REPORTED}; n/m measured: n of the row's m trials were.`,
      ]
    : [];
}
