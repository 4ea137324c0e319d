// Canaries: random values the runner plants where a real run keeps secrets (harness env, model key, auth.json, the
// homes, the project). A canary in what the subject sent, served or said means it reached something the sandbox
// should hide: the trial is `contaminated`. Derive re-scans the sidecars, so a leak cannot be relabelled away.
import type { Problem } from '../problems.ts';
import type { Canary, Contamination, TrialRecord } from '../schema/trial.ts';

/** Where each canary appears in the sidecars' text: `wire` and/or `transcript`. */
export function canaryHits(canaries: readonly Canary[], texts: { wire: string; transcript: string }): Contamination[] {
  const hits: Contamination[] = [];
  for (const c of canaries) {
    for (const [foundIn, text] of Object.entries(texts))
      if (text.includes(c.value)) hits.push({ canary: c.where, foundIn });
  }
  return hits;
}

const key = (c: Contamination) => `${c.canary} in ${c.foundIn}`;

/** The record's status and contamination list against a fresh scan of its wire log and transcript. */
export function canaryProblems(path: string, record: TrialRecord, wire: string, transcript: string): Problem[] {
  const canaries = record.canaries ?? [];
  if (record.status === 'contaminated' && canaries.length === 0)
    return [
      { file: path, field: 'canaries', message: 'a contaminated trial must list the canaries that were planted' },
    ];
  const found = canaryHits(canaries, { wire, transcript });
  if (found.length && record.status !== 'contaminated') {
    return [
      {
        file: path,
        field: 'status',
        message: `"${record.status}", but ${found.map(key).join(', ')}: the subject reached a planted secret`,
        hint: 'the trial is contaminated: records are never edited, re-run it (and find how the secret was reached)',
      },
    ];
  }
  if (record.status !== 'contaminated') return [];
  const listed = new Set((record.contamination ?? []).map(key));
  const problems: Problem[] = [];
  for (const f of found)
    if (!listed.has(key(f)))
      problems.push({
        file: path,
        field: 'contamination',
        message: `does not list ${key(f)}, which the sidecars show`,
      });
  // Workspace hits were seen at session end (no sidecar holds the workspace yet); wire and transcript ones must be there.
  (record.contamination ?? []).forEach((c, i) => {
    if ((c.foundIn === 'wire' || c.foundIn === 'transcript') && !found.some((f) => key(f) === key(c)))
      problems.push({
        file: path,
        field: `contamination[${i}]`,
        message: `${key(c)} is not in the ${c.foundIn} sidecar`,
      });
  });
  return problems;
}
