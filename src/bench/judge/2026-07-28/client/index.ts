import { collectJudges } from '../../define.ts';
import * as Http from './http.ts';
import * as Meta from './meta.ts';
import * as Mrtr from './mrtr.ts';
import * as Params from './params.ts';
import * as Recovery from './recovery.ts';
import * as Reused from './reused.ts';
import * as SchemaRef from './schema-ref.ts';
import * as Tasks from './tasks.ts';
import * as Version from './version.ts';

/** Judges for 2026-07-28 client-role checkpoints, keyed by checkpoint slug: each module names its judges by slug. */
export const judges = collectJudges(Http, Meta, Mrtr, Params, Recovery, Reused, SchemaRef, Tasks, Version);
