// One sweep bundle's own consistency, before anything in it is trusted: its index (`bundle.json`) parses, names this
// run and the manifest bytes the merge holds, and lists exactly the files in the folder with their SHA-256 and size.
// Pure: harness/sweep reads the folder (through the safe reader) and passes the texts in.
import { createHash } from 'node:crypto';
import { parseWith } from '../derive/parse.ts';
import { cmp, type Problem } from '../problems.ts';
import { SweepBundleSchema, type SweepBundle } from '../schema/sweep-bundle.ts';

/** The index's name inside a bundle folder. */
export const BUNDLE_INDEX = 'bundle.json';

/** A bundle folder as read from disk. */
export interface BundleFolder {
  /** How messages name the folder, e.g. `bundles/calibration/shard-1-of-3` (no trailing `/`). */
  dir: string;
  /** Every regular file in it by path relative to the folder (`bundle.json`, `results/…`), as UTF-8 text. */
  files: ReadonlyMap<string, string>;
  /** What the safe reader refused in it (links, FIFOs, hidden entries, oversized or non-UTF-8 files), folder-relative. */
  refused: readonly Problem[];
}

/** The run a bundle must belong to: the manifest's id, its file (for messages) and the SHA-256 of its bytes. */
export interface RunRef {
  id: string;
  path: string;
  sha256: string;
}

/** SHA-256 (hex) and size of a text's UTF-8 bytes: what a bundle lists for each file. */
export function digestOf(text: string): { sha256: string; bytes: number } {
  return { sha256: createHash('sha256').update(text, 'utf8').digest('hex'), bytes: Buffer.byteLength(text, 'utf8') };
}

/** `bundles/x/shard-1-of-3` + `results/…` → the path messages name. */
export const inBundle = (b: Pick<BundleFolder, 'dir'>, rel: string): string => `${b.dir}/${rel}`;

const RESHARD = 're-run the shard (`npm run sweep -- --manifest … --shard i/n` resumes and rewrites its bundle)';

/**
 * The bundle's index, checked against the folder: schema, run id, manifest hash, files sorted and listed once, each
 * listed file present with its hash and size, and no file the index does not list. `bundle` is undefined when the
 * index is missing or invalid (then nothing else of the folder is read); `sound` lists the files that matched.
 */
export function checkBundleFiles(
  b: BundleFolder,
  run: RunRef,
): { bundle?: SweepBundle; sound: Set<string>; problems: Problem[] } {
  const index = inBundle(b, BUNDLE_INDEX);
  const refused = b.refused.map((p) => ({ ...p, file: inBundle(b, p.file) }));
  const refusedRel = new Set(b.refused.map((p) => p.file));
  const sound = new Set<string>();
  const text = b.files.get(BUNDLE_INDEX);
  if (text === undefined) {
    if (refusedRel.has(BUNDLE_INDEX)) return { sound, problems: refused };
    return {
      sound,
      problems: [
        ...refused,
        {
          file: index,
          message: 'missing: not a bundle folder',
          hint: 'give the folder `npm run sweep -- --out <folder>` wrote (it holds bundle.json and results/)',
        },
      ],
    };
  }
  const { value: bundle, problems } = parseWith(index, text, SweepBundleSchema);
  problems.unshift(...refused);
  if (!bundle) return { sound, problems };
  if (bundle.run !== run.id)
    problems.push({
      file: index,
      field: 'run',
      message: `"${bundle.run}" is not the run being merged ("${run.id}", ${run.path})`,
      hint: 'merge each run on its own: pass only its bundle folders (and --manifest its file)',
    });
  else if (bundle.manifestSha256 !== run.sha256)
    problems.push({
      file: index,
      field: 'manifestSha256',
      message: `the shard ran a manifest with sha256 ${bundle.manifestSha256}, ${run.path} has ${run.sha256}`,
      hint: `the manifest changed after the shard ran: pass --manifest the file it ran, or ${RESHARD}`,
    });
  const listed = new Map<string, number>();
  bundle.files.forEach((f, i) => {
    const prev = listed.get(f.path);
    if (prev !== undefined) {
      problems.push({
        file: index,
        field: `files[${i}].path`,
        message: `"${f.path}" is listed twice (also files[${prev}])`,
        hint: RESHARD,
      });
      return;
    }
    listed.set(f.path, i);
    if (i > 0 && cmp(bundle.files[i - 1]!.path, f.path) > 0)
      problems.push({
        file: index,
        field: `files[${i}].path`,
        message: `not sorted: "${f.path}" comes after "${bundle.files[i - 1]!.path}"`,
        hint: RESHARD,
      });
    const where = inBundle(b, f.path);
    const got = b.files.get(f.path);
    if (got === undefined) {
      // A refused file is reported as refused, not again as missing.
      if (!refusedRel.has(f.path))
        problems.push({
          file: where,
          message: `listed in ${BUNDLE_INDEX} (files[${i}]) but not in the folder`,
          hint: `copy the whole bundle folder, or ${RESHARD}`,
        });
      return;
    }
    const d = digestOf(got);
    if (d.sha256 !== f.sha256)
      problems.push({
        file: where,
        message: `sha256 does not match ${BUNDLE_INDEX} (file ${d.sha256}, listed ${f.sha256})`,
        hint: `the file changed after the shard wrote it: ${RESHARD} rather than edit it`,
      });
    else if (d.bytes !== f.bytes)
      problems.push({
        file: where,
        message: `size does not match ${BUNDLE_INDEX} (file ${d.bytes} bytes, listed ${f.bytes})`,
        hint: RESHARD,
      });
    else sound.add(f.path);
  });
  for (const rel of [...b.files.keys()].sort(cmp))
    if (rel !== BUNDLE_INDEX && !listed.has(rel))
      problems.push({
        file: inBundle(b, rel),
        message: `not listed in ${BUNDLE_INDEX}: a bundle holds only the files its shard wrote`,
        hint: `delete it, or ${RESHARD}`,
      });
  return { bundle, sound, problems };
}
