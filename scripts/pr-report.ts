// npm run pr-report -- [--base <ref>] [--preview-url <url>] [--allow-calibration] [--json] : Markdown for a pull
// request comment: board rows added / changed / removed (score and rank old → new), new infra-error or contaminated
// trials, calibration, conformance and verification status, links to the preview's trial pages. Preview base URL:
// --preview-url, else MCPFS_PREVIEW_URL. Exit 0 whatever the records' state (the comment reports it; check gates).
import { prReport } from '../src/bench/pr/diff.ts';
import { reportMarkdown } from '../src/bench/pr/markdown.ts';
import { formatProblem } from '../src/bench/problems.ts';
import { parseCli, runCli } from '../src/harness/cli-args.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { checkAgainstBase, deriveCommit, deriveTree } from '../src/harness/derive-inputs.ts';

const USAGE = 'npm run pr-report -- [--base <ref>] [--preview-url <url>] [--allow-calibration] [--json]';

/** The preview's base URL: http(s), no trailing slash; anything else is an input error naming its source. */
function previewUrl(flag: string | undefined): string | undefined {
  const v = flag ?? process.env.MCPFS_PREVIEW_URL;
  if (v === undefined || v === '') return undefined;
  const from = flag !== undefined ? '--preview-url' : 'MCPFS_PREVIEW_URL';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new RunnerInputError(`${from} "${v}": not a URL`, 'e.g. --preview-url https://pr-12.preview.example');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new RunnerInputError(`${from} "${v}": must be http(s)`, 'e.g. --preview-url https://pr-12.preview.example');
  return u.href.replace(/\/+$/, '');
}

async function main(): Promise<number> {
  const a = parseCli(
    process.argv.slice(2),
    {
      base: { type: 'string' },
      'preview-url': { type: 'string' },
      'allow-calibration': { type: 'boolean' },
      json: { type: 'boolean' },
    },
    USAGE,
  );
  const preview = previewUrl(a['preview-url']);
  const root = projectRoot();
  const { base, changes, check } = checkAgainstBase(root, {
    base: a.base,
    allowCalibration: a['allow-calibration'],
    // The preview workflow runs verify before the report: its verification files are the ones the report shows.
    allowVerifications: true,
  });
  const next = deriveTree(root);
  const old = deriveCommit(root, base.commit);
  const report = prReport({
    base,
    changes: check.changes,
    old: old.dataset,
    next: next.dataset,
    check: check.problems.map(formatProblem),
    derive: next.problems,
    conformanceChanged: changes.some((c) => c.path.startsWith('conformance/')),
  });
  process.stdout.write(a.json ? JSON.stringify(report, null, 2) + '\n' : reportMarkdown(report, preview));
  return 0;
}

runCli('pr-report', main);
