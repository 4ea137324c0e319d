import type { MutantInfo } from '../../roles/types.ts';

/**
 * The switch named `id` among an oracle's mutants. Unknown names are an error, never a silent run of the plain
 * oracle: a typo in a calibration run must not pass as a surviving mutant.
 */
export function findMutant<M extends MutantInfo>(mutants: readonly M[], id: string): M {
  const m = mutants.find((x) => x.id === id);
  if (!m) throw new Error(`unknown mutant "${id}"; known: ${mutants.map((x) => x.id).join(', ')}`);
  return m;
}

/** Parse an optional switch name (absent or empty = the plain oracle); unknown names throw (see `findMutant`). */
export function parseMutantOf<M extends MutantInfo>(mutants: readonly M[], v: string | undefined): M['id'] | undefined {
  if (v === undefined || v === '') return undefined;
  return findMutant(mutants, v).id;
}

/**
 * The raw mutant name from the command line (`--mutant <id>` or `--mutant=<id>`), else `MCPFS_MUTANT`; undefined (or
 * empty) = the plain oracle. Validate it with `findMutant`/`parseMutantOf`. A `--mutant` without a value throws.
 */
export function mutantArg(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const eq = argv.find((a) => a.startsWith('--mutant='));
  if (eq !== undefined) return eq.slice('--mutant='.length);
  const i = argv.indexOf('--mutant');
  if (i >= 0) {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--'))
      throw new Error('--mutant: missing value (--mutant <id> or --mutant=<id>)');
    return v;
  }
  return env.MCPFS_MUTANT || undefined;
}
