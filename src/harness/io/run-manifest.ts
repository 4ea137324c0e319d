// Reading a run manifest (`runs/<id>.json`): the one loader `npm run sweep` and `npm run merge` share, so both see the
// same manifest, the same refusals and the same hash of its bytes (a bundle names the manifest it was made from by it).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { parseWith } from '../../bench/derive/parse.ts';
import { formatProblem } from '../../bench/problems.ts';
import { RunManifestSchema, type RunManifest } from '../../bench/schema/run-manifest.ts';
import { RunnerInputError } from '../errors.ts';

/** A manifest as read: its content, the name problems give its file, and the SHA-256 of its bytes. */
export interface LoadedManifest {
  manifest: RunManifest;
  /** The file as problems name it: project-relative when inside the project, else as given. */
  file: string;
  /** Absolute path. */
  path: string;
  /** SHA-256 of the file's bytes, 64 lower-case hex (a bundle's `manifestSha256`). */
  sha256: string;
}

const HINT = 'see public/schema/run-manifest.json and runs/examples/calibration.json';

/** An absolute path as messages name it: project-relative when inside the project, else as it is. */
export function displayName(root: string, path: string): string {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/**
 * Read and validate a manifest (`given` relative to the working directory, or absolute). Every problem is path-first
 * and thrown as one input error: a missing file, bad JSON, a field the schema refuses, an `id` that is not the file's
 * name (`runs/<id>.json`: the id is how records and bundles name the run, and the file is how people find it).
 */
export function loadRunManifest(root: string, given: string): LoadedManifest {
  const path = resolve(given);
  const file = displayName(root, path);
  if (!existsSync(path) || !statSync(path).isFile())
    throw new RunnerInputError(`${file}: no such manifest file`, 'run manifests live in runs/<id>.json');
  const bytes = readFileSync(path);
  const { value, problems } = parseWith(file, bytes.toString('utf8'), RunManifestSchema);
  if (!value) throw new RunnerInputError(problems.map(formatProblem).join('\n'), HINT);
  const stem = basename(path).replace(/\.json$/, '');
  if (value.id !== stem || !path.endsWith('.json'))
    throw new RunnerInputError(
      `${file}: id: "${value.id}" does not match the file name (expected ${value.id}.json)`,
      `rename the file to ${value.id}.json, or set "id": "${stem}"`,
    );
  return { manifest: value, file, path, sha256: createHash('sha256').update(bytes).digest('hex') };
}
