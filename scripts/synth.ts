// npm run synth -- <dir> [--seed N] [--subjects N] [--libraries N] [--scenarios N] [--checkpoints N] [--k N]
// Writes a synthetic project tree (scenarios + records + sidecars) for tests and benches. Never into results/.
// Then: MCPFS_ROOT=<dir> npm run derive -- --no-rejudge   (synthetic verdicts are drawn, not judged)
import { writeSyntheticTree, type SyntheticOptions } from '../src/testing/synthetic.ts';

const args = process.argv.slice(2);
const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!dir) {
  console.error(
    'usage: npm run synth -- <dir> [--seed N] [--subjects N] [--libraries N] [--scenarios N] [--checkpoints N] [--k N]',
  );
  process.exit(2);
}
const opts: Record<string, number> = {};
for (const key of ['seed', 'subjects', 'libraries', 'scenarios', 'checkpoints', 'k']) {
  const i = args.indexOf(`--${key}`);
  if (i < 0) continue;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v < 0) {
    console.error(`--${key}: expected a non-negative integer, got "${args[i + 1] ?? ''}"`);
    process.exit(2);
  }
  opts[key] = v;
}
const tree = writeSyntheticTree(dir, opts as SyntheticOptions);
console.log(
  `synth: ${tree.scenarios.length} scenarios, ${tree.subjects.length} subjects, ${tree.records.length} records, ${tree.files} files → ${tree.root}`,
);
