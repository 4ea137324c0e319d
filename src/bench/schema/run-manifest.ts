import { z } from 'zod';
import { ModelBudgetSchema } from './model-traffic.ts';
import { SANDBOXED_HARNESSES } from './subject.ts';

const HARNESS_ALTERNATIVES = SANDBOXED_HARNESSES.join('|');
import { boundedString, DocsAxisSchema, RevisionSchema, RoleSchema, SlugSchema, TimestampSchema } from './common.ts';

/** Format tag of a run manifest (`runs/<id>.json`). Bump on a breaking change. */
export const RUN_MANIFEST_FORMAT = 'mcpfs.run/1';

/** The agent harness a run drives, as the trials' subjects will name it. */
export const RunHarnessSchema = z.strictObject({
  /** Harness name, e.g. `pi`; `calibration` for this project's own subjects (oracle, null, mutants). */
  name: boundedString(100, 1),
  /** Its exact version, e.g. `0.62.1` (calibration: the benchmark version). */
  version: boundedString(100, 1),
});
export type RunHarness = z.infer<typeof RunHarnessSchema>;

/**
 * A run described once: who runs what, where, under which conditions. `npm run sweep` expands it into a stable trial
 * list (agents × revisions × roles × scenarios × docs × k), runs a shard of it anywhere, and `npm run merge` takes the
 * bundles back. Records of the run name it (`trial.run`).
 */
export const RunManifestSchema = z.strictObject({
  /** JSON Schema of this file (`../public/schema/run-manifest.json` from `runs/`), for editors. */
  $schema: z.string().max(200).optional(),
  /** Always `mcpfs.run/1`. */
  format: z.literal(RUN_MANIFEST_FORMAT),
  /** Run id, kebab-case; the file is `runs/<id>.json` (examples: `runs/examples/<id>.json`). */
  id: SlugSchema.max(80),
  /** Who runs it (a person or an organisation), e.g. `mcp-from-scratch maintainers`. */
  ranBy: boundedString(200, 1),
  /** When the manifest was written (UTC). */
  createdAt: TimestampSchema,
  /** The agent harness and its exact version. */
  harness: RunHarnessSchema,
  /**
   * `npm run trial -- --agent` values, in order: `pi` or an agent harness (`claude-code`, `codex`, `gemini-cli`,
   * `opencode`), their scripted calibration runs (`pi-scripted`, `<harness>-scripted`), or calibration subjects
   * `oracle`, `null`, `mutant:<id>`.
   */
  agents: z
    .array(
      z
        .string()
        .regex(
          new RegExp(
            `^(pi|oracle|null|mutant:[a-z0-9-]+|(pi|${HARNESS_ALTERNATIVES})-scripted|${HARNESS_ALTERNATIVES})$`,
          ),
          'must be pi, claude-code, codex, gemini-cli, opencode, <one of those>-scripted, oracle, null or mutant:<id>',
        ),
    )
    .min(1)
    .max(50),
  /** Model provider (agents driven by a model), e.g. `anthropic`. */
  provider: boundedString(100, 1).optional(),
  /** Model id at the provider. */
  model: boundedString(100, 1).optional(),
  /** Thinking level, e.g. `high`. */
  thinking: boundedString(40, 1).optional(),
  /** Protocol revisions to run. */
  revisions: z.array(RevisionSchema).min(1),
  /** Roles to run. */
  roles: z.array(RoleSchema).min(1),
  /** Scenario ids, or `all` (every scenario of the selected revisions and roles). */
  scenarios: z.union([z.literal('all'), z.array(SlugSchema).min(1).max(200)]),
  /** Docs settings to run. */
  docs: z.array(DocsAxisSchema).min(1),
  /** Repetitions per cell: k = `kFrom` … `kFrom + k - 1`. */
  k: z.int().positive().max(100),
  /** First repetition index (default 1); a later top-up run of the same cells starts past the earlier one. */
  kFrom: z.int().positive().max(1000).default(1),
  /** Agent session limit per trial, in seconds. */
  timeLimitSeconds: z
    .int()
    .positive()
    .max(6 * 3600),
  /** Isolation the trials run under. */
  isolation: z.enum(['docker', 'netns', 'none']),
  /** Repository commit the run is made at (40 hex). */
  repositoryCommit: z.string().regex(/^[0-9a-f]{40}$/, 'must be a 40-hex commit'),
  /**
   * Per-trial model budget the proxy enforces (tokens, US dollars, requests): the session ends where one is reached and
   * the trial is judged as it stands (`usage.budgetExhausted` says so). Absent: only the time limit.
   */
  budget: ModelBudgetSchema.optional(),
  /** Anything that departs from the standard protocol, in words (empty: none). */
  deviations: z.array(boundedString(600, 1)).max(20),
});
export type RunManifest = z.infer<typeof RunManifestSchema>;
