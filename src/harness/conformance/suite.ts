import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { CONFORMANCE_PACKAGE } from '../../bench/schema/conformance.ts';
import type { Revision, Role } from '../../bench/schema/common.ts';
import { installedVersion } from '../libraries/plan.ts';
import { RunnerInputError } from '../errors.ts';
import type { SuiteCheck } from './compare.ts';

/** The suite's own package folder, installed apart from the main one (`npm ci --prefix conformance`). */
export const suiteFolder = (root: string): string => join(root, 'conformance');

/** `@modelcontextprotocol/conformance@<version>` as installed; an input error with the fix when it is not. */
export function installedSuite(root: string): string {
  const v = installedVersion(suiteFolder(root), CONFORMANCE_PACKAGE);
  if (!v)
    throw new RunnerInputError(
      `conformance/node_modules/${CONFORMANCE_PACKAGE}: not installed`,
      'npm ci --prefix conformance --strict-allow-scripts',
    );
  return `${CONFORMANCE_PACKAGE}@${v}`;
}

const suiteMain = (root: string): string =>
  join(suiteFolder(root), 'node_modules', CONFORMANCE_PACKAGE, 'dist/index.js');

/** One entry of a `checks.json` (the suite adds more fields; only these are read). */
export const SuiteCheckSchema = z.looseObject({
  /** Check id, e.g. `tools-list`; repeats when a flow repeats. */
  id: z.string().min(1),
  /** Check name, e.g. `ClientMcpNameHeader_tools_call`; tells apart checks reported under one id. */
  name: z.string(),
  /** Outcome. */
  status: z.enum(['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO']),
  /** Why it failed, when it did. */
  errorMessage: z.string().optional(),
});

export interface SuiteRun {
  code: number | null;
  output: string;
}

/** Run the suite's CLI with the project's Node (the suite needs Node >= 22); never throws on a non-zero exit. */
export function runSuite(
  root: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 300_000,
): Promise<SuiteRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [suiteMain(root), ...args], {
      cwd: root,
      env: { ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (c: Buffer) => {
      if (output.length < 4_000_000) output += c.toString('utf8');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(
        new RunnerInputError(
          `${suiteMain(root)}: cannot run: ${e.message}`,
          'npm ci --prefix conformance --strict-allow-scripts',
        ),
      );
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The requirement set of a revision: scenario names per role, and the reason of those run but never scored. */
export interface Requirements {
  server: string[];
  client: string[];
  notScored: Map<string, string>;
}

/**
 * Parse `conformance list --requirements <revision>`: `  - name` lines under "Server scenarios" / "Client scenarios",
 * `    - name [server|client]` lines under a not-scored reason (`  extension (6):`).
 */
export function parseRequirementsList(text: string): Requirements {
  const out: Requirements = { server: [], client: [], notScored: new Map() };
  let section: Role | undefined;
  let reason: string | undefined;
  for (const line of text.split('\n')) {
    if (/^Server scenarios/.test(line)) section = 'server';
    else if (/^Client scenarios/.test(line)) section = 'client';
    else if (/^Run and reported, but never scored/.test(line)) section = undefined;
    const top = /^ {2}- (\S+)$/.exec(line);
    if (top && section) out[section].push(top[1]!);
    const why = /^ {2}([a-z-]+) \(\d+\):$/.exec(line);
    if (why) reason = why[1];
    const extra = /^ {4}- (\S+) \[(server|client)\]$/.exec(line);
    if (extra) {
      out[extra[2] as Role].push(extra[1]!);
      out.notScored.set(`${extra[2]}:${extra[1]}`, reason ?? 'not scored');
    }
  }
  return out;
}

export async function listRequirements(root: string, revision: Revision): Promise<Requirements> {
  const r = await runSuite(root, ['list', '--requirements', revision]);
  const req = parseRequirementsList(r.output);
  if (r.code !== 0 || req.server.length === 0 || req.client.length === 0) {
    throw new RunnerInputError(
      `conformance list --requirements ${revision}: unexpected output (exit ${r.code})`,
      r.output.slice(0, 400),
    );
  }
  return req;
}

const TS_SUFFIX = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

function checksFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...checksFiles(p));
    else if (e.name === 'checks.json') out.push(p);
  }
  return out;
}

/**
 * Read the result folders a suite run wrote under `outDir` (`[server-]<scenario>-<timestamp>/checks.json`; a scenario
 * name with `/` nests): checks by scenario name. A checks.json that does not parse is reported as that scenario's error.
 */
export function readResults(
  outDir: string,
  prefix: '' | 'server-',
): Map<string, { checks?: SuiteCheck[]; error?: string }> {
  const out = new Map<string, { checks?: SuiteCheck[]; error?: string }>();
  for (const f of checksFiles(outDir)) {
    const rel = relative(outDir, f).replace(/\/checks\.json$/, '');
    if (!TS_SUFFIX.test(rel) || !rel.startsWith(prefix)) continue;
    const name = rel.slice(prefix.length).replace(TS_SUFFIX, '');
    try {
      out.set(name, { checks: z.array(SuiteCheckSchema).parse(JSON.parse(readFileSync(f, 'utf8'))) });
    } catch (e) {
      out.set(name, { error: `${f}: ${(e as Error).message.split('\n')[0]}` });
    }
  }
  return out;
}
