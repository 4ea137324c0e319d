// The runner's first note in every wire log it writes: which trial the log belongs to (trial id, subject, docs, k,
// isolation). Covered by the hash chain, it pins the log to its record the other way round: a log copied under
// another subject or k, or a record whose isolation was rewritten, no longer matches its log's note.
import type { Problem } from '../problems.ts';
import type { DocsAxis } from '../schema/common.ts';
import type { TrialInfo, TrialRecord } from '../schema/trial.ts';
import type { WireEvent, WireLog } from '../schema/wire-event.ts';
import { jsonText } from '../errors.ts';
import type { LoggedRecord } from './integrity.ts';

/** What the trial note states. */
export interface TrialNoteData {
  trial: string;
  subject: string;
  docs: DocsAxis;
  k: number;
  isolation: TrialInfo['isolation'];
}

const PREFIX = 'runner: trial ';

/** The note itself (t = 0, before everything the trial recorded). */
export function trialNote(d: TrialNoteData): Extract<WireEvent, { type: 'note' }> {
  return {
    type: 'note',
    t: 0,
    text: `${PREFIX}${d.trial}: ${d.subject}, docs ${d.docs}, k${d.k}, isolation ${d.isolation}`,
    data: { ...d },
  };
}

/** What a record's trial note must say. */
export const trialNoteData = (r: Pick<TrialRecord, 'trial' | 'subject'>): TrialNoteData => ({
  trial: r.trial.id,
  subject: r.subject.id,
  docs: r.trial.docs,
  k: r.trial.k,
  isolation: r.trial.isolation,
});

/** The log with the trial note as its first event. */
export const withTrialNote = (log: WireLog, d: TrialNoteData): WireLog => ({
  header: log.header,
  events: [trialNote(d), ...log.events],
});

/** Record field each note field is checked against. */
const FIELDS: Record<keyof TrialNoteData, string> = {
  trial: 'trial.id',
  subject: 'subject.id',
  docs: 'trial.docs',
  k: 'trial.k',
  isolation: 'trial.isolation',
};

/** The log's first event must be the trial note, and it must state what the record says. */
export function trialNoteProblems({ path, wirePath, record, log, lines }: LoggedRecord): Problem[] {
  const e = log.events[0];
  const line = lines[0] ?? 2;
  if (!e || e.type !== 'note' || !e.text.startsWith(PREFIX) || !e.data) {
    return [
      {
        file: wirePath,
        field: `line ${line}`,
        message:
          'the first event is not the runner\'s trial note ("runner: trial <id>: …"): the runner starts every wire log it writes with one',
        hint: 'a log the runner did not write for this trial is refused: re-run the trial',
      },
    ];
  }
  const want = trialNoteData(record);
  const problems: Problem[] = [];
  for (const k of Object.keys(FIELDS) as (keyof TrialNoteData)[]) {
    if (e.data[k] !== want[k]) {
      problems.push({
        file: path,
        field: FIELDS[k],
        message: `${JSON.stringify(want[k])}, but its wire log's trial note (${wirePath} line ${line}) says ${jsonText(e.data[k]) ?? 'nothing'}: the log belongs to another trial, or the record was rewritten`,
      });
    }
  }
  return problems;
}
