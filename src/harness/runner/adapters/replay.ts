// `npm run verify`'s subject: the solution a snapshot stored, run again in a fresh workspace and sandbox. The stored
// text files are written back (with their modes); the recorded listener is started as a service (server role), or
// the recorded clients are run one after another as the session (client role). The command lines are the recorded
// ones: the port comes from `PORT` / `MCP_SERVER_URL`, as the prompt told the agent. Only the old trial folder in an
// argument (`<tmp>/mcpfs-XXXXXX/work/server.js`, an agent that ran its server by absolute path) becomes the new one.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SnapshotFile, SnapshotHeader, SnapshotProcess } from '../../../bench/schema/snapshot.ts';
import type { Subject } from '../../../bench/schema/subject.ts';
import { shq } from '../env.ts';
import { spawnSubject } from './spawn.ts';
import type { Adapter, AgentContext, AgentRun } from './types.ts';

export interface ReplayInput {
  header: SnapshotHeader;
  files: readonly SnapshotFile[];
  subject: Subject;
}

/** Write the stored files into the workspace; what cannot be restored is noted. */
export function restoreFiles(dir: string, files: readonly SnapshotFile[], notes: string[]): number {
  let restored = 0;
  for (const f of files) {
    if (f.omitted === 'harness') continue; // the harness has put its own copy there again
    if (f.text === undefined) {
      notes.push(`not restorable: ${f.path} (${f.omitted ?? 'no text'}, ${f.size} bytes)`);
      continue;
    }
    const abs = join(dir, f.path);
    try {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, f.text);
      chmodSync(abs, f.mode & 0o777); // permission bits only: never a set-uid file, even from a snapshot
      restored++;
      if (f.redactions) notes.push(`restored with ${f.redactions} redaction(s): ${f.path}`);
    } catch (e) {
      notes.push(`not restorable: ${f.path} (${(e as Error).message})`);
    }
  }
  return restored;
}

/** The trial folders a recorded argument may name: `<tmp>/mcpfs-XXXXXX/{work,home,tmp}`. */
const oldTrialDir = (tmp: string) =>
  new RegExp(`^${tmp.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/mcpfs-[A-Za-z0-9]{6}/(work|home|tmp)(?=/|$)`);

/** A recorded argument with the old trial folders mapped onto the new trial's. */
export function mapTrialPaths(arg: string, ctx: Pick<AgentContext, 'dirs'>): string {
  const to = { work: ctx.dirs.dir, home: ctx.dirs.home, tmp: ctx.dirs.tmp } as const;
  return arg.replace(oldTrialDir(tmpdir()), (_m, which: keyof typeof to) => to[which]);
}

/** Variables a shell or the command adapter sets by itself: their absence is no difference worth a note. */
const SHELL_SET = new Set(['PWD', 'OLDPWD', 'SHLVL', '_', 'MCPFS_TASK_FILE']);

/** `cd <cwd> && exec <argv>` as one shell command (a relative cwd is the workspace's). */
function inCwd(p: SnapshotProcess, ctx: AgentContext): string {
  const cwd =
    p.cwd === '.' ? ctx.dirs.dir : p.cwd.startsWith('/') ? mapTrialPaths(p.cwd, ctx) : join(ctx.dirs.dir, p.cwd);
  return `cd ${shq(cwd)} && exec ${p.argv.map((a) => shq(mapTrialPaths(a, ctx))).join(' ')}`;
}

/**
 * The replay adapter for one snapshot. `notes` collects what the re-run could not reproduce (files only listed,
 * environment variables the recorded listener had and the fresh one lacks, no process recorded).
 */
export function replayAdapter(input: ReplayInput): { adapter: Adapter; notes: string[] } {
  const notes: string[] = [];
  const adapter: Adapter = {
    subject: input.subject,
    start: async (ctx): Promise<AgentRun> => {
      restoreFiles(ctx.dirs.dir, input.files, notes);
      const role = ctx.driver.role === 'server' ? 'listener' : 'client';
      const procs = input.header.processes.filter((p) => p.role === role);
      const nothing: AgentRun = { mode: 'session', exited: Promise.resolve({ code: 0, signal: null }), stop: () => {} };
      if (procs.length === 0) {
        notes.push(`no ${role} process recorded: nothing to start`);
        return nothing;
      }
      for (const p of procs)
        if (p.cwd.startsWith('/') && !existsSync(mapTrialPaths(p.cwd, ctx)))
          notes.push(`recorded folder outside the workspace: ${p.cwd}`);
      if (role === 'listener') {
        // The first listener seen; others on the same port were its forks (a cluster) or a re-start.
        const p = procs[0]!;
        const missing = (p.env ?? []).filter((n) => !(n in ctx.env) && !SHELL_SET.has(n));
        if (missing.length) notes.push(`environment not reproduced (names only were recorded): ${missing.join(' ')}`);
        return spawnSubject(ctx, '/bin/sh', ['-c', inCwd(p, ctx)], { mode: 'service', log: 'replay.log' });
      }
      const script = procs.map((p) => `(${inCwd(p, ctx)})`).join('; ');
      return spawnSubject(ctx, '/bin/sh', ['-c', script], { mode: 'session', log: 'replay.log' });
    },
  };
  return { adapter, notes };
}
