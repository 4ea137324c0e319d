// What `npm run merge` prints once a merge validated: what it added (trials per revision × role, then each path),
// what was already there, and which planned trials are still to come (--allow-missing).
import { cmp } from '../problems.ts';
import type { MergeOutput } from './merge-check.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The lines of a validated merge; `dryRun`: what it would add. */
export function mergeSummary(
  o: { bundles: readonly string[]; manifest: string; check: MergeOutput },
  dryRun = false,
): string[] {
  const { check } = o;
  const fresh = check.trials.filter((t) => !t.present);
  const cells = new Map<string, number>();
  for (const t of fresh) cells.set(`${t.revision} ${t.role}`, (cells.get(`${t.revision} ${t.role}`) ?? 0) + 1);
  const verb = dryRun ? 'would add' : 'added';
  const lines = [
    `merge: ${plural(o.bundles.length, 'bundle')} of ${o.manifest}: ${plural(check.trials.length, 'trial')}`,
    `merge: ${verb} ${plural(check.add.length, 'file')} (${plural(fresh.length, 'trial')}); ${check.present.length} already present`,
    ...[...cells].sort(([a], [b]) => cmp(a, b)).map(([cell, n]) => `  ${cell}: ${plural(n, 'trial')}`),
    ...check.add.map((f) => `  ${f.path}`),
  ];
  const odd = (['infra-error', 'contaminated'] as const)
    .map((s) => [s, fresh.filter((t) => t.status === s).length] as const)
    .filter(([, n]) => n > 0);
  if (odd.length) lines.push(`merge: of those, ${odd.map(([s, n]) => `${n} ${s}`).join(', ')}`);
  if (check.missing.length)
    lines.push(
      `merge: ${plural(check.missing.length, 'planned trial')} in no bundle yet (--allow-missing):`,
      ...check.missing.map((t) => `  ${t.key}`),
    );
  return lines;
}
