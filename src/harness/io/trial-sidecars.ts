import { readFileSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { projectRoot } from './paths.ts';

/** A record's files as the data set lists them (project-relative paths). */
export interface TrialFilePaths {
  record: string;
  wire: string;
  transcript?: string;
}

/** The raw text of a trial's record and sidecars, for the replay pages and their download endpoints. */
export interface TrialFileTexts {
  record: string;
  wire: string;
  transcript?: string;
}

function readUnder(root: string, rel: string): string {
  const n = normalize(rel);
  if (isAbsolute(n) || n.startsWith('..') || !n.startsWith('results/')) throw new Error(`${rel}: refusing to read a trial file outside results/`);
  try {
    return readFileSync(join(root, n), 'utf8');
  } catch (e) {
    throw new Error(`${rel}: cannot read trial file: ${(e as Error).message}\n  hint: re-run \`npm run derive\` (the data set may be stale)`);
  }
}

/** Read a trial's record, wire log and transcript (when it has one) from `root` (default: the project root). */
export function readTrialFiles(files: TrialFilePaths, root = projectRoot()): TrialFileTexts {
  return {
    record: readUnder(root, files.record),
    wire: readUnder(root, files.wire),
    ...(files.transcript ? { transcript: readUnder(root, files.transcript) } : {}),
  };
}
