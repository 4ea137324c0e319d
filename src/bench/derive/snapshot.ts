// The solution snapshot sidecar (`<name>.snapshot.jsonl`, mcpfs.snapshot/1): what `npm run verify` re-runs, so derive
// refuses one that is not this trial's, that lost or reordered lines, or that publishes a planted canary unredacted.
import { parseJson, zodProblems, type Problem } from '../problems.ts';
import {
  SNAPSHOT_FORMAT,
  SnapshotFileSchema,
  SnapshotHeaderSchema,
  type SnapshotFile,
  type SnapshotHeader,
} from '../schema/snapshot.ts';
import type { TrialRecord } from '../schema/trial.ts';
import { jsonLines, onLine } from './parse.ts';

/** A parsed snapshot: its header and file lines (each with its file line number). */
export interface ParsedSnapshot {
  header?: SnapshotHeader;
  files?: { line: number; file: SnapshotFile }[];
  problems: Problem[];
}

const HINT = 'snapshots are written by the harness and never edited by hand: re-run the trial';

/** Parse a snapshot: line 1 the header, every further line one file; schema problems name the line. */
export function parseSnapshot(file: string, text: string): ParsedSnapshot {
  const lines = jsonLines(text);
  if (lines.length === 0 || lines[0]!.line !== 1)
    return {
      problems: [
        {
          file,
          field: 'line 1',
          message: `expected the snapshot header {"format":"${SNAPSHOT_FORMAT}",…} as the first line`,
        },
      ],
    };
  const problems: Problem[] = [];
  let header: SnapshotHeader | undefined;
  const files: { line: number; file: SnapshotFile }[] = [];
  for (const l of lines) {
    const j = parseJson(file, l.text);
    if (!j.ok) {
      problems.push(onLine(l.line, j.problem));
      continue;
    }
    const r = (l.line === 1 ? SnapshotHeaderSchema : SnapshotFileSchema).safeParse(j.value);
    if (!r.success) problems.push(...zodProblems(file, r.error).map((p) => onLine(l.line, p)));
    else if (l.line === 1) header = r.data as SnapshotHeader;
    else files.push({ line: l.line, file: r.data as SnapshotFile });
  }
  return problems.length || !header ? { problems } : { header, files, problems };
}

/** A snapshot against its record: its trial, its file count, path order, text vs `omitted`, no canary unredacted. */
export function snapshotProblems(file: string, text: string, record: TrialRecord): Problem[] {
  const s = parseSnapshot(file, text);
  if (!s.header || !s.files) return s.problems;
  const problems: Problem[] = [];
  const h = s.header;
  if (h.trial !== record.trial.id)
    problems.push({
      file,
      field: 'line 1: trial',
      message: `"${h.trial}" is not this record's trial ("${record.trial.id}"): the snapshot belongs to another trial`,
      hint: HINT,
    });
  if (h.files !== s.files.length)
    problems.push({
      file,
      field: 'line 1: files',
      message: `the header announces ${h.files} files, the snapshot lists ${s.files.length}: lines were ${s.files.length < h.files ? 'deleted' : 'added'}`,
      hint: HINT,
    });
  s.files.forEach(({ line, file: f }, i) => {
    const prev = i > 0 ? s.files![i - 1]!.file.path : undefined;
    if (prev !== undefined && f.path <= prev)
      problems.push({
        file,
        field: `line ${line}: path`,
        message: `"${f.path}" ${f.path === prev ? 'is listed twice' : `comes after "${prev}"`}: files are listed once each, in path order`,
        hint: HINT,
      });
    if ((f.text === undefined) === (f.omitted === undefined))
      problems.push({
        file,
        field: `line ${line}: ${f.text === undefined ? 'omitted' : 'text'}`,
        message:
          f.text === undefined
            ? 'a file without text must say why (omitted: binary, cap or harness)'
            : 'a file with text is not omitted: give one of text and omitted',
        hint: HINT,
      });
  });
  problems.push(...canariesIn(file, s.header, s.files, record));
  return problems;
}

/** Planted canaries left in the snapshot's texts, paths, argv or working folders (the harness redacts them). */
function canariesIn(
  file: string,
  h: SnapshotHeader,
  files: readonly { line: number; file: SnapshotFile }[],
  record: TrialRecord,
): Problem[] {
  const canaries = record.canaries ?? [];
  if (canaries.length === 0) return [];
  const places: { field: string; text: string }[] = [
    ...h.processes.map((p, i) => ({ field: `line 1: processes[${i}]`, text: [...p.argv, p.cwd].join('\n') })),
    ...files.map(({ line, file: f }) => ({ field: `line ${line}`, text: `${f.path}\n${f.text ?? ''}` })),
  ];
  const problems: Problem[] = [];
  for (const place of places) {
    const hit = canaries.filter((c) => place.text.includes(c.value)).map((c) => c.where);
    if (hit.length)
      problems.push({
        file,
        field: place.field,
        message: `holds the planted canary ${hit.map((w) => `"${w}"`).join(', ')} unredacted: a snapshot never publishes one`,
        hint: 'the harness redacts canaries from snapshots: re-run the trial with a fixed harness, never edit the file',
      });
  }
  return problems;
}
