// A snapshot's solution run again: what an agent wrote in its workspace and started (a server on PORT, a client of
// MCP_SERVER_URL) comes back in a fresh workspace and sandbox and is judged the same — or not, when it was changed.
import { describe, expect, it } from 'vitest';
import { SnapshotFileSchema, SnapshotHeaderSchema, type SnapshotFile } from '../../../bench/schema/snapshot.ts';
import { KIT_JUDGES, KIT_TRIAL, SPEC_COMMIT, kitClientDriver, kitScenario, kitServerDriver } from '../testing/kit.ts';
import { runTrial, type TrialOptions } from '../trial.ts';
import { commandAdapter } from './basic.ts';
import { replayAdapter } from './replay.ts';

const base = {
  ...KIT_TRIAL,
  timeouts: { sessionMs: 20_000, portWaitMs: 3000, serviceStartMs: 5000 },
} as const;
const subject = { kind: 'agent', id: 'agent/cmd@1.0.0/test/self/none', label: 'self-written solution' } as const;

/** A server the "agent" writes into its workspace (no project code: the netns sandbox hides the project). */
const SERVER = (status: number) =>
  `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(${status}); s.end('{"pong":true}'); }); }).listen(Number(process.env.PORT), '127.0.0.1');`;
/** A client that pauses between its requests (without isolation, clients are seen by polling every 100 ms). */
const CLIENT = `await (await fetch(process.env.MCP_SERVER_URL, { method: 'POST', body: 'ping' })).text(); await new Promise((r) => setTimeout(r, 500)); await (await fetch(process.env.MCP_SERVER_URL, { method: 'POST', body: 'bye' })).text();`;

/** A command adapter whose command gets `env` too (the sources it writes). */
function agent(command: string, env: Record<string, string>) {
  const a = commandAdapter({ command, subject });
  const start = a.start;
  a.start = (ctx) => start({ ...ctx, env: { ...ctx.env, ...env } });
  return a;
}

function parse(text: string) {
  const [h, ...rest] = text.trimEnd().split('\n');
  return {
    header: SnapshotHeaderSchema.parse(JSON.parse(h!)),
    files: rest.map((l) => SnapshotFileSchema.parse(JSON.parse(l))),
  };
}

const withFile = (files: SnapshotFile[], path: string, text: string) =>
  files.map((f) => (f.path === path ? { ...f, text } : f));

describe.each(['netns', 'none'] as const)('replaying a snapshot with isolation %s', (isolation) => {
  const server = (adapter: TrialOptions['adapter']) =>
    runTrial({ ...base, driver: kitServerDriver, scenario: kitScenario('server'), adapter, isolation });

  it('server role: restores the files, starts the recorded listener (by absolute path too), and judges it the same', async () => {
    const cmd = `mkdir -p srv && printf '%s' "$SRC" > srv/server.js && printf 'x\\0y' > blob.bin && node "$PWD/srv/server.js" &`;
    const first = await server(agent(cmd, { SRC: SERVER(200) }));
    expect(first.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    const snap = parse(first.snapshot!);
    // Recorded with the old workspace's absolute path: the replay maps it onto the new one.
    expect(snap.header.processes[0]!.argv[1]).toMatch(/\/mcpfs-[A-Za-z0-9]{6}\/work\/srv\/server\.js$/);
    const again = replayAdapter({ ...snap, subject });
    const r = await server(again.adapter);
    expect(r.record.status).toBe('completed');
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    expect(r.leftovers).toEqual([]);
    expect(again.notes).toEqual([
      'not restorable: blob.bin (binary, 3 bytes)',
      'environment not reproduced (names only were recorded): SRC',
    ]);
    // The same process list with a changed file: the re-run judges what the file now does.
    const changed = replayAdapter({ ...snap, files: withFile(snap.files, 'srv/server.js', SERVER(500)), subject });
    expect((await server(changed.adapter)).record.verdicts.map((v) => v.verdict)).toEqual(['fail']);
  });

  it('client role: runs the recorded client again against a fresh reference server', async () => {
    const d = kitClientDriver();
    const client = (adapter: TrialOptions['adapter']) =>
      runTrial({ ...base, driver: d, scenario: kitScenario('client'), adapter, isolation });
    const first = await client(agent(`printf '%s' "$SRC" > client.mjs && node client.mjs`, { SRC: CLIENT }));
    expect(first.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    const snap = parse(first.snapshot!);
    expect(snap.header.processes).toEqual([{ role: 'client', argv: ['node', 'client.mjs'], cwd: '.' }]);
    const r = await client(replayAdapter({ ...snap, subject }).adapter);
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['pass']);
    const mute = CLIENT.replace("'bye'", "'ping'");
    const changed = replayAdapter({ ...snap, files: withFile(snap.files, 'client.mjs', mute), subject });
    expect((await client(changed.adapter)).record.verdicts.map((v) => v.verdict)).toEqual(['fail']);
  });
});

describe('replaying a snapshot without processes', () => {
  it('starts nothing and says so', async () => {
    const empty = replayAdapter({
      header: SnapshotHeaderSchema.parse({
        format: 'mcpfs.snapshot/1',
        trial: 'empty-trial',
        takenAt: new Date().toISOString(),
        textCap: 10,
        files: 0,
        skipped: [],
        processes: [],
      }),
      files: [],
      subject,
    });
    const r = await runTrial({
      ...base,
      driver: kitServerDriver,
      scenario: kitScenario('server'),
      adapter: empty.adapter,
      isolation: 'none',
      timeouts: { portWaitMs: 200 },
    });
    expect(r.record.verdicts.map((v) => v.verdict)).toEqual(['fail']);
    expect(empty.notes).toEqual(['no listener process recorded: nothing to start']);
  });
});
