// Build the sandbox image with no registry: debootstrap a Debian root on the host → `docker import` it as the base →
// `docker build --network none` the Dockerfile on top (adds Node). Skipped when the recipe's tag already exists.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InfraError } from '../errors.ts';
import { docker, localImageId } from '../os/docker.ts';
import { baseTag, DEFAULT_MIRROR, DOCKERFILE, imageTag, recipe, recipeHash } from './recipe.ts';

export interface SandboxImage {
  /** `mcpfs-sandbox:<recipe hash>`. */
  tag: string;
  /** Docker's content id of the image. */
  id: string;
}

export interface BuildReport extends SandboxImage {
  /** False when the image for this recipe already existed (nothing was done). */
  built: boolean;
  /** Seconds per step, when built. */
  seconds?: { debootstrap: number; import: number; build: number };
}

/** The image for the project's current recipe, if it has been built on this engine. */
export function findImage(root: string): SandboxImage | undefined {
  const tag = imageTag(recipeHash(recipe(root)));
  const id = localImageId(tag);
  return id ? { tag, id } : undefined;
}

function step(what: string, cmd: string, args: string[], o: { input?: Buffer; timeoutMs: number }): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { input: o.input, timeout: o.timeoutMs, maxBuffer: 1 << 30, encoding: 'buffer' });
  if (r.status !== 0) {
    const err = r.error?.message ?? r.stderr.toString().trim().split('\n').slice(-5).join('\n');
    throw new InfraError(`sandbox image: ${what} failed: ${cmd} ${args.slice(0, 3).join(' ')}: ${err}`);
  }
  return Math.round(performance.now() - t0) / 1000;
}

/**
 * Build the image unless this recipe's tag exists (`force` rebuilds). Needs root (debootstrap), `debootstrap` and a
 * Docker engine; a failure names the step. The temporary root filesystem is always removed.
 */
export function ensureImage(root: string, o: { force?: boolean; log?: (line: string) => void } = {}): BuildReport {
  const log = o.log ?? (() => {});
  const r = recipe(root);
  const hash = recipeHash(r);
  const tag = imageTag(hash);
  const have = localImageId(tag);
  if (have && !o.force) return { tag, id: have, built: false };
  const work = mkdtempSync(join(tmpdir(), 'mcpfs-image-'));
  try {
    const rootfs = join(work, 'rootfs');
    const mirror = process.env.MCPFS_DEBIAN_MIRROR ?? DEFAULT_MIRROR;
    log(`debootstrap --variant=${r.variant} ${r.suite} (${r.packages.length} packages from ${mirror})…`);
    const debootstrap = step(
      'debootstrap',
      'debootstrap',
      [`--variant=${r.variant}`, `--include=${r.packages.join(',')}`, r.suite, rootfs, mirror],
      { timeoutMs: 20 * 60_000 },
    );
    log(`docker import → ${baseTag(hash)}…`);
    const tar = spawnSync('tar', ['-C', rootfs, '--numeric-owner', '-c', '.'], { maxBuffer: 4 << 30 });
    if (tar.status !== 0) throw new InfraError(`sandbox image: tar of the root filesystem failed: ${tar.stderr}`);
    const imp = step('docker import', 'docker', ['import', '-', baseTag(hash)], {
      input: tar.stdout,
      timeoutMs: 10 * 60_000,
    });
    rmSync(rootfs, { recursive: true, force: true });
    const ctx = join(work, 'context');
    mkdirSync(ctx);
    copyFileSync(DOCKERFILE, join(ctx, 'Dockerfile'));
    copyFileSync(join(root, 'node_modules', 'node', 'bin', 'node'), join(ctx, 'node'));
    log(`docker build → ${tag}…`);
    const build = step(
      'docker build',
      'docker',
      [
        'build',
        '--quiet',
        '--network',
        'none',
        '--build-arg',
        `BASE=${baseTag(hash)}`,
        '--label',
        `mcpfs.recipe=${hash}`,
        '-t',
        tag,
        ctx,
      ],
      { timeoutMs: 10 * 60_000 },
    );
    const id = localImageId(tag);
    if (!id) throw new InfraError(`sandbox image: ${tag} is missing right after its build`);
    // The base layer only exists to be built on: drop its tag (the layers stay, shared with the image).
    docker(['image', 'rm', baseTag(hash)], 60_000);
    return { tag, id, built: true, seconds: { debootstrap, import: imp, build } };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
