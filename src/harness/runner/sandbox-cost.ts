// What a sandbox costs per trial, measured rather than guessed: create it, prove the mount both ways (as every trial
// does), dispose of it — docker and netns interleaved so both see the same machine load. For `npm run bench`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentEnv } from './env.ts';
import { dockerSandbox } from './docker-sandbox.ts';
import { netnsSandbox, type FsView, type IsolationKind, type Sandbox } from './sandbox.ts';
import { checkMount } from './workspace.ts';
import type { SandboxImage } from '../sandbox-image/build.ts';

export interface SandboxCost {
  kind: IsolationKind;
  /** Milliseconds per create → mount check → dispose, one per round. */
  ms: number[];
}

async function once(kind: 'docker' | 'netns', image: SandboxImage | undefined, i: number): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'mcpfs-cost-'));
  const dir = join(root, 'work');
  const plumbing = join(root, 'plumbing');
  for (const d of [dir, plumbing, join(plumbing, 'root')]) mkdirSync(d, { recursive: true });
  const view: FsView = { root: join(plumbing, 'root'), binds: [{ path: dir, writable: true }] };
  const tag = `cost${process.pid}x${i}${kind[0]}`;
  const t0 = performance.now();
  let sb: Sandbox | undefined;
  try {
    sb =
      kind === 'docker'
        ? await dockerSandbox(tag, plumbing, view, { image: image! })
        : await netnsSandbox(tag, plumbing, view);
    await checkMount(sb, dir, agentEnv({ marker: tag, home: dir, tmp: dir, vars: {} }));
  } finally {
    await sb?.dispose();
    rmSync(root, { recursive: true, force: true });
  }
  return performance.now() - t0;
}

/** `rounds` of each kind, interleaved (docker only when an image is given). */
export async function sandboxCosts(rounds: number, image?: SandboxImage): Promise<SandboxCost[]> {
  const kinds = image ? (['netns', 'docker'] as const) : (['netns'] as const);
  const out = kinds.map((kind) => ({ kind, ms: [] as number[] }));
  for (let i = 0; i < rounds; i++) for (const c of out) c.ms.push(await once(c.kind, image, i));
  return out;
}
