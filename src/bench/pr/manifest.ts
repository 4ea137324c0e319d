// What stands in for a run manifest until one exists (issue 18 adds run manifests: one file per submitted run naming
// every trial it produced, so a reviewer sees that nothing was left out). Until then an added agent record must name
// its subject in the harness's own form and come with the sidecars its adapter writes.
import type { Problem } from '../problems.ts';
import type { TrialRecord } from '../schema/trial.ts';
import { SANDBOXED_HARNESSES } from '../schema/subject.ts';

/** The line check prints about the manifest check itself (an information line, never a failure). */
export const MANIFEST_INFO =
  'manifest check: not yet defined (issue 18); checked instead: every added agent record has a well-formed subject and the sidecars its adapter writes';

/** The id a subject's fields spell: `agent/<harness>@<version>/<provider>/<model>/<thinking>`. */
const AGENT_ID = /^agent\/([^/@]+)@([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/;

/** An added agent record: its subject id spells harness, version, provider, model and thinking, and matches them. */
export function manifestProblems(path: string, record: TrialRecord): Problem[] {
  const s = record.subject;
  if (s.kind !== 'agent') return [];
  const m = AGENT_ID.exec(s.id);
  if (!m)
    return [
      {
        file: path,
        field: 'subject.id',
        message: `"${s.id}" is not agent/<harness>@<version>/<provider>/<model>/<thinking>`,
        hint: 'pass --subject agent/<harness>@<version>/<provider>/<model>/<thinking> to `npm run trial` and re-run',
      },
    ];
  const problems: Problem[] = [];
  // Provider and model are spelled with unsafe characters replaced (`-`), so they are compared in that form.
  const safe = (v: string) => v.replace(/[^A-Za-z0-9@._+-]/g, '-');
  const spelled = { harness: m[1], harnessVersion: m[2], provider: m[3], model: m[4], thinking: m[5] } as const;
  for (const [field, want] of Object.entries(spelled)) {
    const have = s[field as keyof typeof spelled];
    if (have !== undefined && safe(have) !== want)
      problems.push({
        file: path,
        field: `subject.${field}`,
        message: `"${have}" does not match the subject id (${want})`,
        hint: 'subjects are written by the harness: re-run the trial instead of editing the record',
      });
  }
  // pi's session file is the transcript: a pi trial that got a model reply always has one.
  if (s.harness === 'pi' && record.status !== 'infra-error' && record.sidecars.transcript === undefined)
    problems.push({
      file: path,
      field: 'sidecars.transcript',
      message: 'a pi trial without its transcript',
      hint: 'commit the k<k>.transcript.jsonl `npm run trial` wrote beside the record (read it for anything private first)',
    });
  // The harnesses this project runs talk to their model through the trial's proxy: their usage is measured there, so a
  // record of theirs without the model traffic cannot show what it spent.
  if (
    s.harness !== undefined &&
    (SANDBOXED_HARNESSES as readonly string[]).includes(s.harness) &&
    record.status !== 'infra-error' &&
    record.sidecars.model === undefined
  )
    problems.push({
      file: path,
      field: 'sidecars.model',
      message: `a ${s.harness} trial without its model traffic`,
      hint: 'commit the k<k>.model.jsonl `npm run trial` wrote beside the record: the usage on the boards is measured from it',
    });
  return problems;
}
