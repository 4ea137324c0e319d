import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunnerInputError } from '../../../errors.ts';
import { claudeCode } from './claude-code.ts';
import { codex } from './codex.ts';
import { geminiCliSpec } from './gemini-cli.ts';
import { opencode } from './opencode.ts';
import type { HarnessName, HarnessSpec } from './types.ts';

/**
 * Every harness that runs inside the sandbox; each module's spec is listed here (imported, not self-registered: a spec
 * module that imported this one would be a cycle).
 */
export const HARNESSES: Partial<Record<HarnessName, HarnessSpec>> = {
  'claude-code': claudeCode,
  codex,
  'gemini-cli': geminiCliSpec,
  opencode,
};

/**
 * The scenarios each harness's scripted calibration run covers: one server and one client scenario per revision (the
 * issue's bar; pi + scripted model runs every scenario). Keys `<revision>/<role>/<id>`.
 */
export const HARNESS_CALIBRATION_SCENARIOS = [
  '2025-11-25/server/tools-basics',
  '2025-11-25/client/call-tool',
  '2026-07-28/server/stateless-tools',
  '2026-07-28/client/stateless-call',
] as const;

/** The version the install folder pins (its package.json names it exactly; the lock holds it). */
export function harnessVersion(spec: HarnessSpec, root: string): string {
  const file = join(root, spec.folder, 'package.json');
  if (!existsSync(file))
    throw new RunnerInputError(`${spec.folder}/package.json: missing`, `the ${spec.name} harness is not set up here`);
  const pin = (JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> }).dependencies?.[
    spec.packageName
  ];
  if (!pin || !/^\d+\.\d+\.\d+/.test(pin))
    throw new RunnerInputError(
      `${spec.folder}/package.json: dependencies.${spec.packageName}: "${pin ?? 'missing'}" is not an exact version`,
      'pin the harness exactly: the subject id names its version',
    );
  return pin;
}
