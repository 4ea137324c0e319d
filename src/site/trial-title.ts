// The human title of a trial page: who, on what, under which docs axis, which repetition. The trial id stays in the
// page (and its URL) for reference; a reader looks for the subject and the scenario.
import type { Dataset, TrialRow } from '../bench/derive/dataset.ts';

/** `<subject label> · <scenario title> · docs <none|full> · k<k>`; the scenario id when its file is not in the data set. */
export function trialTitle(
  t: Pick<TrialRow, 'subject' | 'revision' | 'role' | 'scenario' | 'docs' | 'k'>,
  scenarios: Dataset['scenarios'],
): string {
  const s = scenarios.find((x) => x.revision === t.revision && x.role === t.role && x.id === t.scenario);
  return `${t.subject.label} · ${s?.title ?? t.scenario} · docs ${t.docs} · k${t.k}`;
}
