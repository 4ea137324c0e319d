import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { Subject } from '../../../bench/schema/subject.ts';
import type { Usage } from '../../../bench/schema/usage.ts';
import type { RoleDriver } from '../../roles/types.ts';
import type { Sandbox } from '../sandbox.ts';
import type { ScriptedTurn } from '../scripted-model/types.ts';
import type { TrialDirs } from '../workspace.ts';

/** Everything an adapter gets to start the subject. */
export interface AgentContext {
  driver: RoleDriver;
  scenario: Scenario;
  dirs: TrialDirs;
  sandbox: Sandbox;
  /** The subject's complete environment inside the sandbox (allow-listed; holds `PORT` or `MCP_SERVER_URL`). */
  env: Record<string, string>;
  /** Just the trial variables (`PORT`, or `MCP_SERVER_URL` + the reference's env) and the cleanup marker. */
  vars: Record<string, string>;
  /** Session time limit. */
  timeoutMs: number;
  /**
   * The trial's model-API proxy, when the adapter asked for one (`Adapter.model`): its origin as the subject reaches it
   * (inside the sandbox for harnesses that run there; the host's for pi, which runs outside) and the per-trial dummy
   * key it accepts. The real key never leaves the proxy.
   */
  model?: { origin: string; key: string };
}

export interface Exit {
  code: number | null;
  signal: string | null;
}

/** A started subject. */
export interface AgentRun {
  /**
   * `session`: an agent working on the task; the session ends when it exits (or at the time limit).
   * `service`: the subject is itself a long-running server (oracle, mutant); ready once its port listens.
   */
  mode: 'session' | 'service';
  /**
   * The subject started no process at all (the null subject): nothing can listen later, so the runner does not wait
   * for a port after the session.
   */
  startedNothing?: boolean;
  /** Resolves when the started process exited (immediately for `null`). Never rejects. */
  exited: Promise<Exit>;
  /**
   * Stop the agent process itself (its time limit ran out): what it started in the background keeps running, to be
   * probed, until cleanup. `group` also kills its process group (cleanup).
   */
  stop(group?: boolean): void;
  /**
   * After the trial (all processes gone): what the run consumed and its transcript, when the adapter knows them;
   * `infraReason` when the agent never got to work for a reason outside the subject (e.g. no model reply at all).
   */
  finish?(): Promise<{ usage?: Usage; transcript?: string; infraReason?: string }>;
}

/** An agent adapter: who the subject is, and how to start it in a prepared workspace. */
export interface Adapter {
  subject: Subject;
  /**
   * The subject runs this project's own code (oracle, mutants, pi + scripted model), so the project folder stays
   * visible. Agents never need it: under netns it is hidden from them (with the rest listed in CONTEXT.md).
   */
  usesProject?: boolean;
  /** Host folders the subject needs read-only at the same path (a harness's install folder). */
  mounts?: readonly string[];
  /**
   * The subject talks to a model: the runner starts a model-API proxy for the trial (`AgentContext.model`), forwarding
   * to the real providers with the user's keys, or to a scripted model serving `scripted` (calibration).
   */
  model?: {
    scripted?: readonly ScriptedTurn[];
    modelId?: string;
    /**
     * The subject holds the dummy key inside the sandbox (a harness running there needs it in its env or config, and
     * its tools may print it): then the key is no canary. Otherwise (pi outside, the cheater) it is one.
     */
    keyInside?: boolean;
  };
  start(ctx: AgentContext): Promise<AgentRun>;
}
