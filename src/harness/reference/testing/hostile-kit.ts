import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { deriveCheck, withDerive, type RecordCheck, type WrittenRecord } from '../../io/testing/record-check.ts';
import { loadScenarios } from '../../io/scenarios.ts';
import { ATTACKS, TEST_SCALE, type AttackScale } from './hostile-clients.ts';

/**
 * The hostile-client kit: reference servers in a child process (`reference-host-main.ts`), attacked from this one.
 * Per (attack, revision, scenario): a fresh reference, the attack, one plain request to see it still answers, then
 * stop → record (in the host) → derive's read-back (here). A crash is an exception in the host or a missing record; a hang is a stop or an
 * attack that does not end in time.
 */

const HOST_MAIN = fileURLToPath(new URL('./reference-host-main.ts', import.meta.url));

export interface HostileTarget {
  revision: string;
  scenario: string;
}

export interface HostileRun extends Partial<RecordCheck> {
  attack: string;
  revision: string;
  scenario: string;
  outcome: 'ok' | 'crash' | 'hang';
  /** Whether a plain request after the attack still got an HTTP answer. */
  answered?: boolean;
  error?: string;
  ms: number;
}

export interface HostileKitResult {
  runs: HostileRun[];
  /** Peak RSS of the reference host process, MiB. */
  peakRssMiB?: number;
  /** Exceptions that escaped the reference (each one would have killed a real trial's reference). */
  uncaught: string[];
}

const timeout = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> => {
  let t: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<'timeout'>((r) => (t = setTimeout(() => r('timeout'), ms)))]).finally(() =>
    clearTimeout(t),
  );
};

/** Whether a plain POST gets a status line within 2 s (tried up to 5 times: sockets of a flood may still be closing). */
async function answers(url: string): Promise<boolean> {
  for (let i = 0; i < 5; i++) {
    if (await answersOnce(url)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

function answersOnce(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'alive', method: 'ping' });
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Content-Length': Buffer.byteLength(body),
        },
        timeout: 2000,
      },
      (res) => {
        res.resume();
        resolve(true);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

/** Run each attack against each of its targets, one at a time. */
export async function runHostileKit(o: {
  attacks?: string[];
  targets: (attack: string, i: number) => HostileTarget[];
  scale?: AttackScale;
  cwd?: string;
}): Promise<HostileKitResult> {
  const cwd = o.cwd ?? process.cwd();
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-hostile-'));
  const scenarios = new Map(loadScenarios(cwd).map((s) => [`${s.revision}/${s.role}/${s.id}`, s]));
  const child = spawn(process.execPath, [HOST_MAIN, dir], { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<string, (line: Record<string, unknown>) => void>();
  const uncaught: string[] = [];
  let done: ((l: Record<string, unknown>) => void) | undefined;
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (text) => {
    const l = JSON.parse(text) as Record<string, unknown>;
    if (l.kind === 'uncaught') uncaught.push(String(l.error));
    else if (l.kind === 'done') done?.(l);
    else waiting.get(String(l.id))?.(l);
  });
  const ask = (cmd: object, id: string, ms: number) => {
    const p = new Promise<Record<string, unknown>>((r) => waiting.set(id, r));
    child.stdin.write(JSON.stringify(cmd) + '\n');
    return timeout(p, ms).finally(() => waiting.delete(id));
  };
  const runs: HostileRun[] = [];
  const names = o.attacks ?? Object.keys(ATTACKS);
  let n = 0;
  for (const [i, attack] of names.entries()) {
    for (const t of o.targets(attack, i)) {
      const id = `r${n++}`;
      const base = { attack, revision: t.revision, scenario: t.scenario };
      const t0 = performance.now();
      const ready = await ask({ start: { id, ...t } }, id, 10_000);
      if (ready === 'timeout' || ready.kind !== 'ready') {
        runs.push({
          ...base,
          outcome: ready === 'timeout' ? 'hang' : 'crash',
          error: ready === 'timeout' ? 'no ready' : String(ready.error),
          ms: 0,
        });
        continue;
      }
      const url = new URL(String(ready.url));
      const attacked = await timeout(ATTACKS[attack]!(url, o.scale ?? TEST_SCALE), 30_000);
      const answered = await answers(url.href);
      const rec = await ask({ stop: id }, id, 15_000);
      const ms = Math.round(performance.now() - t0);
      if (attacked === 'timeout' || rec === 'timeout')
        runs.push({
          ...base,
          outcome: 'hang',
          error: attacked === 'timeout' ? 'attack did not end' : 'stop did not end',
          answered,
          ms,
        });
      else if (rec.outcome !== 'ok' || !rec.written)
        runs.push({ ...base, outcome: 'crash', error: String(rec.error), answered, ms });
      else
        runs.push(
          withDerive({ ...base, outcome: 'ok' as const, answered, ms }, () =>
            deriveCheck(scenarios.get(`${t.revision}/client/${t.scenario}`)!, rec.written as WrittenRecord),
          ),
        );
    }
  }
  const end = new Promise<Record<string, unknown>>((r) => (done = r));
  child.stdin.write(JSON.stringify({ quit: true }) + '\n');
  const last = await timeout(end, 10_000);
  if (last === 'timeout') child.kill('SIGKILL');
  await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
  rmSync(dir, { recursive: true, force: true });
  return { runs, peakRssMiB: last === 'timeout' ? undefined : (last.peakRssMiB as number | undefined), uncaught };
}
