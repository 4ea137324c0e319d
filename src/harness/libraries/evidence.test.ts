import { describe, expect, it } from 'vitest';
import { findLibrary } from './index.ts';
import { loadEvidenceIndex, recordEvidence } from './evidence.ts';

// Live raw evidence, without prober or reference server: one server-role entry (curl against the fastmcp glue on
// 127.0.0.1) and one client-role entry (the SDK 1.x client against the hand-written recording server). The full set
// runs with `npm run libraries -- --evidence` (about 13 s for 26 entries here).
const entries = loadEvidenceIndex();
const entry = (library: string, checkpoint: string) =>
  entries.find((e) => e.library === library && e.checkpoint === checkpoint)!;

describe('library evidence', () => {
  it(
    're-records a server transcript with curl against the live library and it still shows the violation',
    { timeout: 60_000 },
    async () => {
      const e = entry('fastmcp', 'origin-foreign-returns-403');
      const transcript = await recordEvidence(e, findLibrary(e.library));
      expect(transcript).toMatch(/^>>> POST http:\/\/127\.0\.0\.1:\d+\/mcp$/m);
      expect(new RegExp(e.expect).test(transcript)).toBe(true);
      // The check can fail: a 403 (what the sentence requires) is not in the exchange.
      expect(transcript).not.toMatch(/<<<\nHTTP\/1\.1 403/);
      expect(transcript).toContain("--- fastmcp/server.ts tools-basics: the glue server's log ---");
    },
  );

  it(
    "re-records a client transcript with the library's client against the recording server",
    { timeout: 60_000 },
    async () => {
      const e = entry('@modelcontextprotocol/sdk', 'session-reinitialize-after-404');
      const transcript = await recordEvidence(e, findLibrary(e.library));
      expect(new RegExp(e.expect).test(transcript)).toBe(true);
      // The recording server's 404 to the session id is in the exchange; a fresh initialize (what -213 requires) is not.
      expect(transcript).toMatch(/^<<< #\d+ 404$/m);
    },
  );
});
