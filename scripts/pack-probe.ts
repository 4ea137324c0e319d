// npm run pack-probe [-- --out <dir>]
// Builds the prober as an installable package (`mcpfs-probe`, what `npm run probe` does, for MCP authors' CI) and
// packs it with `npm pack` into <dir> (default .cache/): the JavaScript emitted from scripts/probe.ts and what it
// imports (tsconfig.probe.json), the site's stylesheets the HTML report inlines (src/styles/site.css and replay.css,
// beside the emitted JavaScript as src/harness/io/report-styles.ts reads them), the scenarios, a package.json with the
// benchmark version and only the prober's runtime dependencies (zod, fast-glob, d3-scale: no Astro), a README and the
// licence. Prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseCli, runCli } from '../src/harness/cli-args.ts';
import { projectRoot } from '../src/harness/io/paths.ts';
import { probePackageJson, probePackageReadme, PROBE_DEPENDENCIES } from '../src/harness/probe-package.ts';
import { REPORT_STYLESHEETS } from '../src/harness/io/report-styles.ts';

const USAGE = 'npm run pack-probe [-- --out <dir>]';

async function main(): Promise<number> {
  const a = parseCli(process.argv.slice(2), { out: { type: 'string' } }, USAGE);
  const root = projectRoot();
  const stage = join(root, '.cache/probe-package');
  const out = resolve(a.out ?? join(root, '.cache'));
  rmSync(stage, { recursive: true, force: true });
  const require = createRequire(join(root, 'package.json'));
  // tsc from the project's own devDependency, with this process's Node (24).
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.probe.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const f of REPORT_STYLESHEETS) cpSync(join(root, 'src/styles', f), join(stage, 'dist/src/styles', f));
  cpSync(join(root, 'scenarios'), join(stage, 'scenarios'), { recursive: true });
  cpSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; repository?: unknown };
  const versions = Object.fromEntries(PROBE_DEPENDENCIES.map((d) => [d, installedVersion(require.resolve(d), d)]));
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify(probePackageJson(own.version, versions, own.repository), null, 2)}\n`,
  );
  writeFileSync(join(stage, 'README.md'), probePackageReadme(own.version));
  mkdirSync(out, { recursive: true });
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: stage, encoding: 'utf8' });
  console.log(join(out, packed.trim().split('\n').at(-1)!));
  return 0;
}

/**
 * The version of the package `name` installed where its entry `entry` lives: the nearest package.json above it of
 * that name (a package whose `exports` hides its package.json, like d3-scale, cannot be resolved to it directly).
 */
function installedVersion(entry: string, name: string): string {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    } catch {
      // No package.json here: look further up.
    }
  }
  throw new Error(`pack-probe: no package.json of ${name} above ${entry}`);
}

runCli('pack-probe', main);
