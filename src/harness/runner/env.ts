import { dirname } from 'node:path';
import { TRIAL_MARKER } from '../os/procs.ts';

/** System PATH the agent gets, after the folder of the Node binary running the harness (Node 24 first). */
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export interface AgentEnvInput {
  /** Unique per trial; the value of `MCPFS_TRIAL`. */
  marker: string;
  /** HOME for the agent: a per-trial folder outside the workspace. */
  home: string;
  /** TMPDIR for the agent. */
  tmp: string;
  /** Trial variables (`PORT`, `MCP_SERVER_URL`, the reference handle's env, …). */
  vars: Record<string, string>;
}

/**
 * The agent's whole environment, built from an allow-list: nothing is inherited from the harness process, so no
 * credential (API keys, tokens, cloud config) can leak into the agent's shell.
 */
export function agentEnv(i: AgentEnvInput): Record<string, string> {
  return {
    PATH: `${dirname(process.execPath)}:${SYSTEM_PATH}`,
    HOME: i.home,
    TMPDIR: i.tmp,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TERM: 'dumb',
    TZ: 'UTC',
    USER: 'agent',
    NO_COLOR: '1',
    ...i.vars,
    [TRIAL_MARKER]: i.marker,
  };
}

/** `env -i K=V …` arguments that reproduce `env` exactly (for wrappers that must drop an inherited environment). */
export function envArgs(env: Record<string, string>): string[] {
  return ['env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`)];
}

/** Quote one word for a POSIX shell. */
export function shq(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
