// Peak resident memory of a measured command: every Node process it starts preloads rss-hook.mjs (NODE_OPTIONS),
// which appends the process's own getrusage peak at exit. The figure is the largest one: Astro and derive each do
// their work in one process; npx and the shell around them are small.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOOK = fileURLToPath(new URL('./rss-hook.mjs', import.meta.url));

/** Environment that makes a command's Node processes report their peak RSS, and how to read it afterwards. */
export function peakRssProbe(): { env: Record<string, string>; readKb(): number; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfs-rss-'));
  const log = join(dir, 'rss.log');
  const inherited = process.env.NODE_OPTIONS ? `${process.env.NODE_OPTIONS} ` : '';
  return {
    env: { NODE_OPTIONS: `${inherited}--import=${HOOK}`, MCPFS_RSS_LOG: log },
    readKb: () => {
      let text = '';
      try {
        text = readFileSync(log, 'utf8');
      } catch {
        throw new Error(`peak RSS: no Node process reported to ${log} (did the command run Node?)`);
      }
      return Math.max(
        ...text
          .trim()
          .split('\n')
          .map((l) => Number(l.split(' ')[1])),
      );
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
