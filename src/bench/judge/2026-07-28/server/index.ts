import { collectJudges } from '../../define.ts';
import * as ErrorCodes from './error-codes.ts';
import * as Headers from './headers.ts';
import * as Mrtr from './mrtr.ts';
import * as Reused from './reused.ts';
import * as Stateless from './stateless.ts';
import * as Streaming from './streaming.ts';
import * as Subscriptions from './subscriptions.ts';
import * as TasksExtension from './tasks-extension.ts';
import * as ToolsList from './tools-list.ts';

/** Judges for 2026-07-28 server-role checkpoints, keyed by checkpoint slug: each module names its judges by slug. */
export const judges = collectJudges(
  ErrorCodes,
  Headers,
  Mrtr,
  Reused,
  Stateless,
  Streaming,
  Subscriptions,
  TasksExtension,
  ToolsList,
);
