// End to end: an agent trial (a command adapter running the test oracle as if it were an agent) carries a snapshot
// of what it left and of the process that did the work, as /proc showed it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTrial } from '../io/trial-files.ts';
import { SnapshotFileSchema, SnapshotHeaderSchema } from '../../bench/schema/snapshot.ts';
import { commandAdapter } from '../runner/adapters/basic.ts';
import {
  KIT_JUDGES,
  KIT_TRIAL,
  SPEC_COMMIT,
  kitClientDriver,
  kitScenario,
  kitServerDriver,
} from '../runner/testing/kit.ts';
import { runTrial } from '../runner/trial.ts';

const base = {
  ...KIT_TRIAL,
  timeouts: { sessionMs: 20_000, portWaitMs: 5000 },
} as const;
const subject = { kind: 'agent', id: 'agent/cmd@1.0.0/test/oracle/none', label: 'oracle as an agent' } as const;
const pingServer = kitServerDriver.oracleCommand(kitScenario('server')).args[0]!;
const pingClient = kitClientDriver().oracleCommand(kitScenario('client')).args[0]!;

/** An agent that runs this project's test oracle (so the project must stay visible to it). */
function agent(command: string) {
  const a = commandAdapter({ command, subject });
  a.usesProject = true;
  return a;
}

function parse(snapshot: string | undefined) {
  const lines = (snapshot ?? '')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  const header = SnapshotHeaderSchema.parse(lines[0]);
  const files = lines.slice(1).map((l) => SnapshotFileSchema.parse(l));
  return { header, files: new Map(files.map((f) => [f.path, f])) };
}

describe.each(['netns', 'none'] as const)('snapshots of agent trials with isolation %s', (isolation) => {
  it('server role: names the listener on the port and keeps what the agent wrote', async () => {
    const r = await runTrial({
      ...base,
      driver: kitServerDriver,
      scenario: kitScenario('server'),
      adapter: agent(`echo "node ${pingServer}" > notes.txt; node ${pingServer} &`),
      isolation,
    });
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    expect(r.record.sidecars.snapshot).toBe('k1.snapshot.jsonl');
    const { header, files } = parse(r.snapshot);
    expect(header.trial).toBe(r.record.trial.id);
    expect(header.processes).toEqual([
      {
        role: 'listener',
        argv: ['node', pingServer],
        cwd: '.',
        env: expect.arrayContaining(['HOME', 'PATH', 'PORT']) as string[],
      },
    ]);
    expect(header.processes[0]!.env).not.toContain('MCPFS_TRIAL');
    expect([...files.keys()]).toEqual(['TASK.md', 'notes.txt']);
    expect(files.get('TASK.md')).toMatchObject({ omitted: 'harness' });
    expect(files.get('notes.txt')!.text).toBe(`node ${pingServer}\n`);
    expect(r.leftovers).toEqual([]);
  });

  it('client role: names the client that connected to the reference server', async () => {
    const d = kitClientDriver();
    // Without isolation clients are found by polling: this one keeps its connection a moment (as real clients do).
    const command =
      isolation === 'netns'
        ? `node ${pingClient}`
        : `node -e "await fetch(process.env.MCP_SERVER_URL, {method:'POST', body:'ping'}); await new Promise(r => setTimeout(r, 600)); await fetch(process.env.MCP_SERVER_URL, {method:'POST', body:'bye'})" --input-type=module`;
    const r = await runTrial({
      ...base,
      driver: d,
      scenario: kitScenario('client'),
      adapter: agent(command),
      isolation,
    });
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    const { header } = parse(r.snapshot);
    expect(header.processes).toHaveLength(1);
    expect(header.processes[0]).toMatchObject({ role: 'client', cwd: '.' });
    expect(header.processes[0]!.argv.slice(0, 2)).toEqual(
      isolation === 'netns' ? ['node', pingClient] : ['node', '-e'],
    );
    expect(header.processes[0]!.env).toBeUndefined();
  });
});

describe('snapshots', () => {
  it('redact a canary the agent copied, and are written with the record', async () => {
    const r = await runTrial({
      ...base,
      driver: kitServerDriver,
      scenario: kitScenario('server'),
      // Its own trial's canary only: test files run side by side plant theirs in the same project folder.
      adapter: commandAdapter({ command: `cat ${process.cwd()}/.mcpfs-canary-$MCPFS_TRIAL > loot.txt`, subject }),
      isolation: 'none',
      timeouts: { portWaitMs: 300 },
    });
    expect(r.record.status).toBe('contaminated');
    const loot = parse(r.snapshot).files.get('loot.txt')!;
    expect(loot).toMatchObject({ text: '[redacted]\n', redactions: 1 });
    expect(r.snapshot).not.toMatch(/mcpfs-canary-[0-9a-f]{24}/);
    const out = mkdtempSync(join(tmpdir(), 'mcpfs-snap-out-'));
    try {
      const rec = writeTrial(out, r.record, r.log, r.transcript, r.snapshot);
      expect(readFileSync(join(out, dirname(rec), 'k1.snapshot.jsonl'), 'utf8')).toBe(r.snapshot);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('are not taken for calibration subjects', async () => {
    const { oracleAdapter } = await import('../runner/adapters/basic.ts');
    const r = await runTrial({
      ...base,
      driver: kitServerDriver,
      scenario: kitScenario('server'),
      adapter: oracleAdapter(kitServerDriver),
      isolation: 'none',
    });
    expect(r.snapshot).toBeUndefined();
    expect(r.record.sidecars.snapshot).toBeUndefined();
  });
});
