import { z } from 'zod';

/**
 * What a `docker` trial's container was: the image it ran and the limits it had. Recorded so a reader can tell which
 * build of the sandbox (its recipe and its content) a verdict came from, and what the subject was allowed to use.
 */
export const SandboxLimitsSchema = z.strictObject({
  /** `--pids-limit`: most processes and threads the container may hold at once. */
  pids: z.int().positive(),
  /** `--memory` (and `--memory-swap`, so no swap): bytes of memory the container may use. */
  memoryBytes: z.int().positive(),
  /** `--cpus`: CPU time the container may use, in cores. */
  cpus: z.number().positive(),
  /** Size of the container's tmpfs `/tmp`, in bytes (the root filesystem is read-only). */
  tmpBytes: z.int().positive(),
});
export type SandboxLimits = z.infer<typeof SandboxLimitsSchema>;

export const SandboxInfoSchema = z.strictObject({
  /** Image reference, `mcpfs-sandbox:<recipe hash>` (the hash of the recipe in `src/harness/sandbox-image/`). */
  image: z.string().regex(/^mcpfs-sandbox:[0-9a-f]{12}$/, 'must be "mcpfs-sandbox:" and 12 hex digits'),
  /** Docker's content id of that image (`sha256:…`): which build of the recipe ran. */
  imageId: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be "sha256:" and 64 hex digits'),
  /** Resource limits the container ran with. */
  limits: SandboxLimitsSchema,
  /** Linux capabilities the container kept (`--cap-drop ALL` then these; empty: none at all). */
  capabilities: z.array(z.string().regex(/^[A-Z_]+$/)).max(40),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;
