import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadScenarios } from '../../io/scenarios.ts';
import type { ChaosKitConfig, ChaosRunLine } from './chaos-kit-main.ts';
import { startChaosServer } from './chaos-server.ts';
import { deriveCheck, withDerive } from '../../io/testing/record-check.ts';

/**
 * The chaos kit: the chaos server in this process, the prober in a child (`chaos-kit-main.ts`) so the child's peak RSS
 * is the prober's alone; each record the child writes is read back here as derive does. Returns one line per
 * (behaviour, revision, scenario) run, the exceptions that escaped the prober (each would have killed a real probe),
 * and the prober's peak RSS.
 */

const KIT_MAIN = fileURLToPath(new URL('./chaos-kit-main.ts', import.meta.url));

export interface ChaosKitResult {
  runs: ChaosRunLine[];
  uncaught: { error: string; running: string[] }[];
  peakRssMiB?: number;
  /** Child exit code (0 unless it died). */
  exit: number | null;
}

export async function runChaosKit(
  cfg: Omit<ChaosKitConfig, 'base' | 'dir'>,
  cwd = process.cwd(),
): Promise<ChaosKitResult> {
  const chaos = await startChaosServer();
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-chaos-'));
  const scenarios = new Map(loadScenarios(cwd).map((s) => [`${s.revision}/${s.role}/${s.id}`, s]));
  try {
    const child = spawn(process.execPath, [KIT_MAIN, JSON.stringify({ ...cfg, base: chaos.base, dir })], {
      cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const out: ChaosKitResult = { runs: [], uncaught: [], exit: null };
    for await (const text of createInterface({ input: child.stdout })) {
      const l = JSON.parse(text) as { kind: string } & Record<string, unknown>;
      if (l.kind === 'run') {
        const run = l as unknown as ChaosRunLine;
        out.runs.push(
          run.written
            ? withDerive(run, () => deriveCheck(scenarios.get(`${run.revision}/server/${run.scenario}`)!, run.written!))
            : run,
        );
      } else if (l.kind === 'uncaught') out.uncaught.push(l as unknown as { error: string; running: string[] });
      else if (l.kind === 'done') out.peakRssMiB = l.peakRssMiB as number | undefined;
    }
    out.exit = child.exitCode ?? (await new Promise<number | null>((r) => child.once('exit', (c) => r(c))));
    return out;
  } finally {
    await chaos.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
