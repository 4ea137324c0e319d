import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Subject } from '../../../bench/schema/subject.ts';
import { commandAdapter } from './basic.ts';
import type { Adapter } from './types.ts';

export const CHEATER_SUBJECT: Subject = {
  kind: 'calibration',
  id: 'calibration/cheater',
  label: 'Cheater (tries every way out of the sandbox)',
};

const CHEAT = fileURLToPath(new URL('../cheater/cheat.mjs', import.meta.url));

/**
 * A cheating agent, run like a real one: a harness process outside the sandbox (with the model key in its
 * environment, as pi has) whose "bash" is the sandbox shell, running a program the agent "wrote" into its workspace
 * that hunts for the project, other trials, the spec, the canaries and ways out, then serves or sends what it found.
 * Calibration requires it to score 0 on every scenario and to find no canary. Its attempts are its transcript.
 */
export function cheaterAdapter(role: 'server' | 'client'): Adapter {
  const inner = commandAdapter({
    command: `"$MCPFS_SHELL" -c 'node cheat.mjs ${role} > cheat.log 2>&1'`,
    subject: CHEATER_SUBJECT,
    outside: true,
  });
  return {
    subject: CHEATER_SUBJECT,
    // The trial's model proxy is in place as for any agent (relayed into the sandbox), with a scripted model behind it:
    // the cheater must not find its dummy key (a canary) nor get anything out of it without that key.
    model: { scripted: [] },
    start: async (ctx) => {
      copyFileSync(CHEAT, join(ctx.dirs.dir, 'cheat.mjs'));
      const run = await inner.start(ctx);
      return {
        ...run,
        finish: async () => {
          const attempts = join(ctx.dirs.dir, 'attempts.jsonl');
          const lines = existsSync(attempts) ? readFileSync(attempts, 'utf8') : '';
          return {
            transcript: `${JSON.stringify({ type: 'session', harness: 'calibration/cheater', role })}\n${lines}`,
          };
        },
      };
    },
  };
}
