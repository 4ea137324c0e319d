import { z } from 'zod';
import { SlugSchema } from './common.ts';

/** The official suite's npm package; `conformance/package.json` pins its version. */
export const CONFORMANCE_PACKAGE = '@modelcontextprotocol/conformance';

const ONE_LINE = /^[^\n\r]*$/;

/**
 * What a suite scenario (or one of its checks) is expected to give against our oracle:
 * - `pass`: every check passes (SUCCESS; INFO log lines are ignored).
 * - `not-applicable: <why>`: it needs a fixture or feature no task of ours asks for (typically the suite's own
 *   fixture tools/resources/prompts, its issue #516); the why names it. It must not pass: a not-applicable entry
 *   that passes is stale.
 * - `known-disagreement: <why>`: the suite and the pinned spec disagree (the suite is wrong, or reads an ambiguous
 *   sentence differently); the why quotes the sentence and says what the suite expects instead. Stale when it passes.
 */
export const ConformanceExpectationSchema = z
  .string()
  .regex(ONE_LINE, 'must be one line')
  .regex(
    /^(pass|not-applicable: \S.{9,}|known-disagreement: \S.{9,})$/,
    'must be "pass", "not-applicable: <why>" or "known-disagreement: <why>" (why: at least 10 characters)',
  )
  .describe('pass | not-applicable: <why> | known-disagreement: <why>');
export type ConformanceExpectation = z.infer<typeof ConformanceExpectationSchema>;

/** One suite scenario: which oracle it runs against and what it must give. */
export const ConformanceScenarioExpectationSchema = z
  .strictObject({
    /** Id of our oracle scenario (`scenarios/<revision>/<role>/<id>.json`) whose oracle this suite scenario runs against. */
    against: SlugSchema,
    /** Expectation of every check not listed in `checks`. */
    expect: ConformanceExpectationSchema,
    /**
     * Per-check expectations that differ from `expect`, keyed by the suite's check id, or `id[name]` for one of the
     * differently named checks the suite reports under one id (its check `name`). Omitted when all checks share `expect`.
     */
    checks: z.record(z.string().min(1), ConformanceExpectationSchema).optional(),
  })
  .superRefine((e, ctx) => {
    for (const [key, v] of Object.entries(e.checks ?? {})) {
      if (v === e.expect)
        ctx.addIssue({ code: 'custom', path: ['checks', key], message: 'same as "expect"; remove it' });
    }
  });
export type ConformanceScenarioExpectation = z.infer<typeof ConformanceScenarioExpectationSchema>;

/** Suite scenarios of one role, keyed by the suite's scenario name (e.g. `tools-list`, `auth/metadata-default`). */
export const ConformanceRoleExpectationsSchema = z.record(z.string().min(1), ConformanceScenarioExpectationSchema);
export type ConformanceRoleExpectations = z.infer<typeof ConformanceRoleExpectationsSchema>;

/** One revision: `server` scenarios run against our oracle servers, `client` scenarios against our oracle clients. */
export const ConformanceRevisionExpectationsSchema = z.strictObject({
  /** The suite's server scenarios (it acts as a client against our oracle server). */
  server: ConformanceRoleExpectationsSchema,
  /** The suite's client scenarios (it serves and runs our oracle client against itself). */
  client: ConformanceRoleExpectationsSchema,
});
export type ConformanceRevisionExpectations = z.infer<typeof ConformanceRevisionExpectationsSchema>;

/**
 * `conformance/expectations.json`: for every scenario of the official suite's requirement set of each revision (its
 * `list --requirements <revision>`, scored and not scored), the oracle scenario it runs against and the expected
 * outcome. `npm run conformance` fails on any difference, stale entries included.
 */
export const ConformanceExpectationsSchema = z.strictObject({
  /** Editor hint: `/schema/conformance-expectations.json`. */
  $schema: z.string().optional(),
  /** The suite these expectations were written for, `@modelcontextprotocol/conformance@<exact version>`; must be the installed one. */
  suite: z
    .string()
    .regex(
      /^@modelcontextprotocol\/conformance@\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/,
      'must be "@modelcontextprotocol/conformance@<exact version>"',
    ),
  /** Revision 2025-11-25 (the suite runs its stateful wire). */
  '2025-11-25': ConformanceRevisionExpectationsSchema,
  /** Revision 2026-07-28 (the suite runs its stateless wire). */
  '2026-07-28': ConformanceRevisionExpectationsSchema,
});
export type ConformanceExpectations = z.infer<typeof ConformanceExpectationsSchema>;
