import type { Revision } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import type { MutantSchemaDeclaration } from '../../bench/wire-schema/gate.ts';

/** A mutant: the oracle with one switch flipped, breaking one behaviour. */
export interface MutantInfo {
  /** Switch id, kebab-case; the subject id is `calibration/mutant-<id>`. */
  id: string;
  /** What it breaks, one line. */
  description: string;
  /** Scenario ids it is run on (calibration runs it only there). */
  scenarios: readonly string[];
  /**
   * Set when the switch makes some of the mutant's messages schema-invalid on purpose: why, and which definitions of
   * the pinned schema its findings may name. The schema gate fails on any other finding, and on a listed definition
   * that none of the mutant's trials violates (a stale declaration).
   */
  schemaInvalid?: MutantSchemaDeclaration;
}

/** A command line to spawn (cwd and env are supplied by the runner). */
export interface CommandLine {
  cmd: string;
  args: string[];
}

/**
 * Server role: the subject listens on `PORT` (env) at `/mcp`; the harness probes it after the session.
 * The prober only sends and records; judges decide later from the wire log.
 */
export interface ServerRoleDriver {
  revision: Revision;
  role: 'server';
  /** MCP endpoint path the prompt asks for, e.g. `/mcp`. */
  path: string;
  /** Probe the endpoint. Never throws because of the subject's behaviour (refused, garbage, hangs: all recorded). */
  probe(scenario: Scenario, url: string): Promise<WireLog>;
  /** Start the oracle (or a mutant) server; it reads `PORT` from env and listens on 127.0.0.1. */
  oracleCommand(scenario: Scenario, mutant?: string): CommandLine;
  mutants: readonly MutantInfo[];
  /** Probe steps whose request breaks the pinned schema on purpose: step → why (the schema gate exempts them). */
  schemaInvalidSteps: Readonly<Record<string, string>>;
}

/** A running reference server for one client-role trial. */
export interface ReferenceHandle {
  /** MCP endpoint URL given to the client as `MCP_SERVER_URL`. */
  url: string;
  /** Extra env for the client (e.g. nothing, or a per-trial hint). Never contains the answer. */
  env: Record<string, string>;
  /** Resolves when the scenario's script is finished (the client did all it can be observed doing), if ever. */
  finished: Promise<void>;
  /** Stop serving (close all connections) and return the wire log. Idempotent. */
  stop(): Promise<WireLog>;
}

/** Client role: the subject is a client command run with `MCP_SERVER_URL` against our reference server. */
export interface ClientRoleDriver {
  revision: Revision;
  role: 'client';
  /** Start a fresh reference server for the scenario on 127.0.0.1, ephemeral port, with a fresh per-trial secret. */
  startReference(scenario: Scenario): Promise<ReferenceHandle>;
  /** Run the oracle (or a mutant) client; it reads `MCP_SERVER_URL` from env and exits when done. */
  oracleCommand(scenario: Scenario, mutant?: string): CommandLine;
  mutants: readonly MutantInfo[];
  /** Reference labels whose answer breaks the pinned schema on purpose: label → why (the schema gate exempts them). */
  schemaInvalidLabels?: Readonly<Record<string, string>>;
}

export type RoleDriver = ServerRoleDriver | ClientRoleDriver;
