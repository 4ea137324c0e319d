import { projectRoot } from './paths.ts';
import { readProjectFile } from './safe-read.ts';

/** A record's files as the data set lists them (project-relative paths). */
export interface TrialFilePaths {
  record: string;
  wire: string;
  transcript?: string;
  snapshot?: string;
  verification?: string;
  model?: string;
}

/** The raw text of a trial's record and sidecars, for the replay pages and their download endpoints. */
export interface TrialFileTexts {
  record: string;
  wire: string;
  transcript?: string;
  snapshot?: string;
  verification?: string;
  /** The model traffic the trial's proxy recorded (`<name>.model.jsonl`). */
  model?: string;
}

/**
 * A trial file under `results/`, through the safe reader derive uses: every component a real folder, the file a
 * regular file (no link, however the data set names it), its resolved path inside the project, size-limited UTF-8.
 */
function readUnder(root: string, rel: string): string {
  const segs = rel.split('/');
  if (segs[0] !== 'results' || segs.some((s) => s === '' || s === '.' || s === '..'))
    throw new Error(`${rel}: refusing to read a trial file outside results/`);
  const r = readProjectFile(root, rel);
  if (r && 'text' in r) return r.text;
  const why = r ? `${r.problem.file}: ${r.problem.message}` : `${rel}: cannot read trial file: no such file`;
  throw new Error(
    `${why}\n  hint: re-run \`npm run derive\` (the data set may be stale; derive refuses what this reader refuses)`,
  );
}

/** Read a trial's record, wire log and the sidecars it has (transcript, snapshot, verification, model) from `root` (default: the project root). */
export function readTrialFiles(files: TrialFilePaths, root = projectRoot()): TrialFileTexts {
  return {
    record: readUnder(root, files.record),
    wire: readUnder(root, files.wire),
    ...(files.transcript ? { transcript: readUnder(root, files.transcript) } : {}),
    ...(files.snapshot ? { snapshot: readUnder(root, files.snapshot) } : {}),
    ...(files.verification ? { verification: readUnder(root, files.verification) } : {}),
    ...(files.model ? { model: readUnder(root, files.model) } : {}),
  };
}
