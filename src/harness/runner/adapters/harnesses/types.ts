import { SANDBOXED_HARNESSES } from '../../../../bench/schema/subject.ts';
import type { ModelApi } from '../../../../bench/schema/model-traffic.ts';
import type { ScriptedTurn } from '../../scripted-model/types.ts';

/** The harnesses that run inside the trial's sandbox beside pi (which runs outside and enters it for bash). */
export const HARNESS_NAMES = SANDBOXED_HARNESSES;
export type HarnessName = (typeof HARNESS_NAMES)[number];

/** Where the harness finds its model: the proxy's base URL for one API, as seen from inside the sandbox. */
export interface HarnessModel {
  /** `<provider>` as the subject names it (`anthropic`, `openai`, `google`, …; `mcpfs-scripted` in calibration). */
  provider: string;
  /** Model id at the provider. */
  model: string;
  /** Thinking/reasoning level as this harness names it (`default` = the harness's own default). */
  thinking: string;
  /** The API the harness is to speak to the proxy. */
  api: ModelApi;
  /** The proxy's base URL for that API, e.g. `http://127.0.0.1:41234/anthropic` (no trailing slash). */
  baseUrl: string;
  /** The per-trial dummy key the proxy accepts (never a real credential). */
  key: string;
}

/** What a harness needs in place before it starts. */
export interface HarnessSetup {
  /** Environment added to the sandbox's allow-listed env (telemetry, update checks and non-proxy network off). */
  env: Record<string, string>;
  /** Files to write first, absolute paths under the trial's HOME or TMPDIR (config, settings). */
  files: { path: string; content: string; mode?: number }[];
}

/** One of the coding agents people use, as this benchmark runs it: pinned, offline but for the proxy, headless. */
export interface HarnessSpec {
  name: HarnessName;
  /** npm package that provides it. */
  packageName: string;
  /** Its install folder, project-relative (`agents/<name>`), with a package.json and lock pinning the version. */
  folder: string;
  /** The API the harness speaks for a provider (`undefined`: the harness cannot use that provider through us). */
  apiFor(provider: string): ModelApi | undefined;
  /** The API its scripted calibration run speaks. */
  scriptedApi: ModelApi;
  /** Thinking levels it accepts (`default` first). */
  thinking: readonly string[];
  /** Environment and files for one session. `home` and `tmp` are the trial's HOME and TMPDIR. */
  setup(m: HarnessModel, dirs: { home: string; tmp: string; workspace: string }): HarnessSetup;
  /**
   * The command that runs one headless session inside the sandbox, from the workspace: `pkgDir` is the install
   * folder's absolute path (mounted read-only at the same path), `message` the one fixed instruction.
   */
  command(m: HarnessModel, pkgDir: string, message: string): { cmd: string; args: string[] };
  /**
   * The session log the harness wrote, as transcript JSONL (its native lines where it writes JSONL; a JSON document
   * becomes one line `{"type":"<name>.session","document":…}`), found under HOME after the session; undefined if none.
   */
  transcript(dirs: { home: string; tmp: string; workspace: string }): string | undefined;
  /** The tool calls the scripted model makes with this harness's own tools. */
  tools: {
    /** Create or overwrite a workspace file. */
    write(path: string, content: string): NonNullable<ScriptedTurn['toolCalls']>[number];
    /** Run a shell command in the workspace and wait for it. */
    shell(command: string): NonNullable<ScriptedTurn['toolCalls']>[number];
  };
}
