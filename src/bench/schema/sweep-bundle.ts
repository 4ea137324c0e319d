import { z } from 'zod';
import { boundedString, SlugSchema, TimestampSchema } from './common.ts';

/** Format tag of a sweep bundle's index (`bundle.json`). */
export const SWEEP_BUNDLE_FORMAT = 'mcpfs.bundle/1';

/** A shard of a run: `index` of `count`, 1-based (`--shard 2/3`). */
export const ShardSchema = z
  .strictObject({
    /** This shard, from 1. */
    index: z.int().positive(),
    /** How many shards the run was split into. */
    count: z.int().positive().max(10_000),
  })
  .refine((s) => s.index <= s.count, 'index must be at most count');
export type Shard = z.infer<typeof ShardSchema>;

/** One file of a bundle, relative to the bundle's folder (the same path it takes under the project). */
export const BundleFileSchema = z.strictObject({
  /** Project-relative path, `results/…` (no `..`, no leading `/`). */
  path: z
    .string()
    .regex(/^results\/(?:[A-Za-z0-9@._+-]+\/)*[A-Za-z0-9@._+-]+$/, 'must be a results/… path')
    .max(400),
  /** SHA-256 of its bytes, 64 lower-case hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits'),
  /** Size in bytes. */
  bytes: z.int().nonnegative(),
});
export type BundleFile = z.infer<typeof BundleFileSchema>;

/** One trial of the shard that has finished: its plan key and the record it wrote. */
export const BundleTrialSchema = z.strictObject({
  /** The trial's key in the run's plan (stable across shards and re-runs). */
  key: boundedString(400, 1),
  /** The record's project-relative path (one of `files`). */
  record: BundleFileSchema.shape.path,
  /** The record's status (`infra-error` trials are still recorded, and excluded everywhere). */
  status: z.enum(['completed', 'infra-error', 'contaminated']),
});
export type BundleTrial = z.infer<typeof BundleTrialSchema>;

/**
 * A shard's output: every file it wrote with its hash, and the trials they belong to. Rewritten atomically after each
 * trial, so an interrupted shard leaves a bundle that lists exactly its finished trials.
 */
export const SweepBundleSchema = z.strictObject({
  /** Always `mcpfs.bundle/1`. */
  format: z.literal(SWEEP_BUNDLE_FORMAT),
  /** The run's id (its manifest's `id`). */
  run: SlugSchema,
  /** SHA-256 of the manifest file's bytes the shard ran. */
  manifestSha256: BundleFileSchema.shape.sha256,
  /** Which shard. */
  shard: ShardSchema,
  /** When the shard last wrote this file (UTC). */
  updatedAt: TimestampSchema,
  /** Finished trials, in plan order. */
  trials: z.array(BundleTrialSchema),
  /** Every file in the bundle besides `bundle.json`, sorted by path. */
  files: z.array(BundleFileSchema),
});
export type SweepBundle = z.infer<typeof SweepBundleSchema>;
