import { collectJudges } from '../../define.ts';
import * as Annotations from './annotations.ts';
import * as Endpoint from './endpoint.ts';
import * as ErrorCodes from './error-codes.ts';
import * as Headers from './headers.ts';
import * as Mrtr from './mrtr.ts';
import * as MrtrRounds from './mrtr-rounds.ts';
import * as Reused from './reused.ts';
import * as Stateless from './stateless.ts';
import * as Streaming from './streaming.ts';
import * as Subscriptions from './subscriptions.ts';
import * as TasksExtension from './tasks-extension.ts';
import * as TasksFailures from './tasks-failures.ts';
import * as TasksLifecycle from './tasks-lifecycle.ts';
import * as ToolsList from './tools-list.ts';

/** Judges for 2026-07-28 server-role checkpoints, keyed by checkpoint slug: each module names its judges by slug. */
export const judges = collectJudges(
  Annotations,
  Endpoint,
  ErrorCodes,
  Headers,
  Mrtr,
  MrtrRounds,
  Reused,
  Stateless,
  Streaming,
  Subscriptions,
  TasksExtension,
  TasksFailures,
  TasksLifecycle,
  ToolsList,
);
