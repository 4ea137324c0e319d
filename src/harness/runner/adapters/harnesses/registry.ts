import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunnerInputError } from '../../../errors.ts';
import { codex } from './codex.ts';
import type { HarnessName, HarnessSpec } from './types.ts';

/** Every harness that runs inside the sandbox; each module adds its spec here. */
export const HARNESSES: Partial<Record<HarnessName, HarnessSpec>> = {};
HARNESSES.codex = codex;

/** The installed version (the install folder's lock pins it). */
export function harnessVersion(spec: HarnessSpec, root: string): string {
  const pkg = join(root, spec.folder, 'node_modules', spec.packageName, 'package.json');
  if (!existsSync(pkg))
    throw new RunnerInputError(
      `${spec.folder}: ${spec.packageName} is not installed`,
      'run `npm run agents:install` (installs every harness folder under agents/)',
    );
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}
