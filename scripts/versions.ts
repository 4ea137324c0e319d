// npm run versions [-- --bump major|minor|patch --summary "…"] : show the benchmark version and which scenarios changed
// since the last major version; with --bump, append the next version to scenarios/versions.json (a major one lists
// every scenario's current content hash) and set package.json's version to it. Both files are written together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkScenarios } from '../src/bench/derive/scenarios.ts';
import { derive } from '../src/bench/derive/derive.ts';
import { archiveOf, archivePath } from '../src/bench/schema/archive.ts';
import { loadDeriveInput } from '../src/harness/derive-inputs.ts';
import { formatProblem } from '../src/bench/problems.ts';
import { BenchmarkVersionsSchema, type BenchmarkVersions } from '../src/bench/schema/versions.ts';
import { checkVersions, VERSIONS_PATH } from '../src/bench/versions/check.ts';
import { scenarioHash, scenarioKey } from '../src/bench/versions/hash.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { loadScenarioFiles, loadVersionsFile } from '../src/harness/io/load.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';
import { oneOf, parseCli, runCli } from '../src/harness/cli-args.ts';
import { CITATION_PATH, withCitationVersion } from '../src/site/citation.ts';

const USAGE = 'npm run versions [-- --bump major|minor|patch --summary "what changed"]';
/** The run manifest the README's sweep examples use; its calibration harness version follows the benchmark's. */
const EXAMPLE_MANIFEST = 'runs/examples/calibration.json';

function next(v: string, kind: 'major' | 'minor' | 'patch'): string {
  const [a, b, c] = v.split('.').map(Number) as [number, number, number];
  return kind === 'major' ? `${a + 1}.0.0` : kind === 'minor' ? `${a}.${b + 1}.0` : `${a}.${b}.${c + 1}`;
}

async function main(): Promise<number> {
  const a = parseCli(process.argv.slice(2), { bump: { type: 'string' }, summary: { type: 'string' } }, USAGE);
  const root = projectRoot();
  const { scenarios, problems } = checkScenarios(loadScenarioFiles(root));
  if (problems.length)
    throw new RunnerInputError(problems.map(formatProblem).join('\n'), 'fix the scenario files first');
  const file = loadVersionsFile(root);
  const pkgPath = join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string };
  const checked = checkVersions(file ?? undefined, scenarios, pkg.version);
  if (a.bump === undefined) {
    console.log(checked.versions ? `benchmark version ${checked.versions.current}` : 'no version history yet');
    for (const p of checked.problems) console.log(formatProblem(p));
    return checked.problems.length ? 1 : 0;
  }
  const kind = oneOf('--bump', a.bump, ['major', 'minor', 'patch'] as const);
  if (!a.summary) throw new RunnerInputError('--summary: say what changed in one or two sentences', USAGE);
  const history: BenchmarkVersions = file
    ? BenchmarkVersionsSchema.parse(JSON.parse(file.text))
    : { $schema: '/schema/benchmark-versions.json', versions: [] };
  const last = history.versions.at(-1)?.version;
  if (!last && kind !== 'major') throw new RunnerInputError('--bump: the first version must be a major one', USAGE);
  const version = last ? next(last, kind) : '1.0.0';
  const hashes = Object.fromEntries(
    [...scenarios.values()].map((s) => [scenarioKey(s), scenarioHash(s)] as const).sort(([x], [y]) => (x < y ? -1 : 1)),
  );
  history.versions.push({
    version,
    date: new Date().toISOString().slice(0, 10),
    summary: a.summary,
    ...(kind === 'major' ? { scenarios: hashes } : {}),
  });
  pkg.version = version;
  // The lockfile repeats the root package's version; npm would rewrite it on the next install anyway.
  const lockPath = join(root, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as {
    version?: string;
    packages?: Record<string, { version?: string }>;
  };
  lock.version = version;
  if (lock.packages?.['']) lock.packages[''].version = version;
  // The example calibration manifest names the harness version the tree runs (`npm run sweep` refuses another).
  // Edited as text, so the file keeps its formatting.
  const examplePath = join(root, EXAMPLE_MANIFEST);
  const example = readFileSync(examplePath, 'utf8').replace(
    /("harness":\s*\{\s*"name":\s*"calibration",\s*"version":\s*")[^"]*"/,
    `$1${version}"`,
  );
  // CITATION.cff names the version and its date (src/site/citation.ts checks it).
  const citationPath = join(root, CITATION_PATH);
  const citation = withCitationVersion(readFileSync(citationPath, 'utf8'), version, history.versions.at(-1)!.date);
  // The boards of the version being replaced, kept under archive/ (the site serves them at /v/<version>/): derived
  // from the tree as it stands, before the new version exists. The first version replaces nothing.
  const archive = last ? archiveFor(root, last, version, history.versions.at(-1)!.date) : undefined;
  writeFilesAtomic([
    ...(archive ? [archive] : []),
    { path: join(root, VERSIONS_PATH), content: `${JSON.stringify(history, null, 2)}\n` },
    { path: citationPath, content: citation },
    { path: pkgPath, content: `${JSON.stringify(pkg, null, 2)}\n` },
    { path: lockPath, content: `${JSON.stringify(lock, null, 2)}\n` },
    { path: examplePath, content: example },
  ]);
  console.log(
    `versions: ${version} (${kind}) written to ${VERSIONS_PATH}, package.json, ${EXAMPLE_MANIFEST} and ${CITATION_PATH}${last ? `; ${last}'s boards archived in ${archivePath(last)}` : ''}`,
  );
  return 0;
}

/** The archive file of `version`'s boards, from the tree's data set as it derives now (no gates, no re-judging). */
function archiveFor(root: string, version: string, next: string, date: string): { path: string; content: string } {
  const out = derive(loadDeriveInput(root, { gate: false, rejudge: false }));
  if (!out.dataset)
    throw new RunnerInputError(
      `cannot archive ${version}'s boards: the tree does not derive\n${out.problems.map(formatProblem).join('\n')}`,
      'fix the records first (npm run derive says the same)',
    );
  return {
    path: join(root, archivePath(version)),
    content: `${JSON.stringify(archiveOf(out.dataset, version, next, date), null, 1)}\n`,
  };
}

runCli('versions', main);
