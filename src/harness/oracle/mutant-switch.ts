import type { MutantInfo } from '../roles/types.ts';

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
