import type { Checkpoint } from '../schema/checkpoint.ts';
import type { Revision, Role } from '../schema/common.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Outcome } from '../schema/verdict.ts';
import type { WireLog } from '../schema/wire-event.ts';
import type { Exchange } from './exchanges.ts';

/** Everything a judge may look at: only our own transport observations, never anything the agent wrote. */
export interface JudgeInput {
  log: WireLog;
  exchanges: Exchange[];
  scenario: Scenario;
  checkpoint: Checkpoint;
}

/** A judge's decision. `message` is one line: "Expected 404 after DELETE, got 400". */
export interface JudgeResult {
  verdict: Outcome;
  /** Exchange indexes that evidence the verdict. */
  evidence: number[];
  message: string;
}

/** A pure function of the wire log. Judges must be deterministic: derive re-runs them on every build. */
export type Judge = (input: JudgeInput) => JudgeResult;

/** Judges by revision, role and checkpoint slug. */
export type JudgeRegistry = Partial<Record<Revision, Partial<Record<Role, Readonly<Record<string, Judge>>>>>>;

export const pass = (message: string, evidence: number[] = []): JudgeResult => ({ verdict: 'pass', evidence, message });
export const fail = (message: string, evidence: number[] = []): JudgeResult => ({ verdict: 'fail', evidence, message });
export const notApplicable = (message: string, evidence: number[] = []): JudgeResult => ({
  verdict: 'not-applicable',
  evidence,
  message,
});
