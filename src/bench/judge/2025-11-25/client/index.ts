import { collectJudges } from '../../define.ts';
import * as Cancellation from './cancellation.ts';
import * as Errors from './errors.ts';
import * as Http from './http.ts';
import * as Ids from './ids.ts';
import * as Lifecycle from './lifecycle.ts';
import * as Reused from './reused.ts';
import * as Session from './session.ts';
import * as Sse from './sse.ts';
import * as Tasks from './tasks.ts';
import * as Version from './version.ts';

/** Judges for 2025-11-25 client-role checkpoints, keyed by checkpoint slug: each module names its judges by slug. */
export const judges = collectJudges(Cancellation, Errors, Http, Ids, Lifecycle, Reused, Session, Sse, Tasks, Version);
