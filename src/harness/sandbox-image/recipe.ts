// The sandbox image's recipe, as data: what debootstrap installs and the Dockerfile on top. Its hash names the image
// (`mcpfs-sandbox:<hash>`), so an image is rebuilt exactly when the recipe changes and a record says which recipe ran.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Debian release and variant the root filesystem is bootstrapped from. */
export const SUITE = 'bookworm';
export const VARIANT = 'minbase';
/**
 * What an agent expects in an offline workspace, on top of minbase (which already has bash and coreutils). They come
 * in through debootstrap, on the host: the `docker build` step has no network here (`--bridge=none`), and needs none.
 * libstdc++6 is the Node binary's one library beyond libc; iproute2 lets a test (and an agent) see the interfaces.
 */
export const PACKAGES = [
  'bash',
  'coreutils',
  'python3',
  'curl',
  'git',
  'procps',
  'iproute2',
  'libstdc++6',
  'ca-certificates',
];
/** Debian mirror debootstrap reads (`MCPFS_DEBIAN_MIRROR` overrides it; not part of the recipe: same packages). */
export const DEFAULT_MIRROR = 'http://deb.debian.org/debian';

export const DOCKERFILE = fileURLToPath(new URL('./Dockerfile', import.meta.url));

export interface Recipe {
  suite: string;
  variant: string;
  packages: string[];
  dockerfile: string;
  /** The project's pinned Node version (package.json devDependency `node`): the binary copied into the image. */
  node: string;
}

/** The recipe as the project at `root` states it. */
export function recipe(root: string): Recipe {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies?: { node?: string } };
  return {
    suite: SUITE,
    variant: VARIANT,
    packages: [...PACKAGES],
    dockerfile: readFileSync(DOCKERFILE, 'utf8'),
    node: pkg.devDependencies?.node ?? 'unpinned',
  };
}

/** First 12 hex digits of the recipe's SHA-256: the image tag. */
export function recipeHash(r: Recipe): string {
  return createHash('sha256').update(JSON.stringify(r)).digest('hex').slice(0, 12);
}

export const imageTag = (hash: string) => `mcpfs-sandbox:${hash}`;
export const baseTag = (hash: string) => `mcpfs-sandbox-base:${hash}`;
