import { collectJudges } from '../../define.ts';
import type { Judge } from '../../types.ts';
import * as Cancellation from './cancellation.ts';
import * as Lifecycle from './lifecycle.ts';
import { boundToRevision } from './negotiated.ts';
import * as PollResume from './poll-resume.ts';
import * as Reused from './reused.ts';
import * as Sessions from './sessions.ts';
import * as Streaming from './streaming.ts';
import * as TaskCheckpoints from './task-checkpoints.ts';
import * as TaskLifecycle from './task-lifecycle.ts';
import * as TaskResults from './task-results.ts';
import * as TasksUtility from './tasks-utility.ts';
import * as Transport from './transport.ts';

/** The version negotiation sentences themselves: judged whatever the server negotiated. */
const NEGOTIATION = new Set<Judge>([Lifecycle.initializeEchoesVersion, Lifecycle.unknownVersionCountered]);

/**
 * Judges for 2025-11-25 server-role checkpoints, keyed by checkpoint slug (each module names its judges by slug).
 * Spec judges are bound to the revision (`boundToRevision`); task checkpoints and the negotiation sentences are not.
 */
export const judges: Record<string, Judge> = Object.fromEntries(
  Object.entries(
    collectJudges(
      Cancellation,
      Lifecycle,
      PollResume,
      Reused,
      Sessions,
      Streaming,
      TaskCheckpoints,
      TaskLifecycle,
      TaskResults,
      TasksUtility,
      Transport,
    ),
  ).map(([slug, j]) => [slug, slug.startsWith('task-') || NEGOTIATION.has(j) ? j : boundToRevision(j)]),
);
