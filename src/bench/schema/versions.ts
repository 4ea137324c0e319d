import { z } from 'zod';

/** `<revision>/<role>/<scenario id>`: how version entries name a scenario. */
export const ScenarioKeySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\/(client|server)\/[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be "<revision>/<role>/<scenario id>"');

/** One release of the benchmark. */
export const BenchmarkVersionSchema = z.strictObject({
  /** Semver: major = a prompt or scenario changed (needs new trials), minor = a judge changed (re-judged from the stored wire logs), patch = site only. */
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a semver version, e.g. "1.2.0"'),
  /** Release date (UTC), `YYYY-MM-DD`. */
  date: z.iso.date(),
  /** What changed, in one or two sentences (shown on the methodology page). */
  summary: z.string().min(1).max(600),
  /**
   * Major versions only: the content hash of every scenario of this version. A trial counts for this version when
   * its recorded scenario hash equals the one listed here.
   */
  scenarios: z.record(ScenarioKeySchema, z.string().regex(/^sha256:[0-9a-f]{64}$/)).optional(),
});
export type BenchmarkVersion = z.infer<typeof BenchmarkVersionSchema>;

/** `scenarios/versions.json`: the benchmark's version history, oldest first. */
export const BenchmarkVersionsSchema = z.strictObject({
  /** Path of the JSON Schema for editors; ignored by the loader. */
  $schema: z.string().optional(),
  /** Every release, oldest first; the last one is the current version (= package.json `version`). */
  versions: z.array(BenchmarkVersionSchema).min(1),
});
export type BenchmarkVersions = z.infer<typeof BenchmarkVersionsSchema>;

/** One release as the methodology page lists it (derived from the history by src/bench/versions/check.ts). */
export const VersionRowSchema = BenchmarkVersionSchema.omit({ scenarios: true }).extend({
  /** Which part of the version the release bumped. */
  kind: z.enum(['major', 'minor', 'patch']),
  /** Major versions: the scenarios whose hash differs from the previous major (all of them for the first). */
  changed: z.array(ScenarioKeySchema),
});
export type VersionRow = z.infer<typeof VersionRowSchema>;
