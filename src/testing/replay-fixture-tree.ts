// A project tree for building the replay pages in tests and benches: the synthetic tree (src/testing/synthetic.ts)
// plus three generated trials of one server scenario: a hostile one (SSE, errors, truncation, binary and hostile bodies,
// a pi transcript), a 2,000-exchange one, and an infra error. Build it with useBuiltSite(prefix, writeReplayFixtureFiles),
// which derives through deriveRoot (no re-judging: verdicts are generated; no pinned spec: the synthetic citations are
// not in it, whatever MCP_SPEC_DIR says).
import { scenarioHash } from '../bench/versions/hash.ts';
import { join } from 'node:path';
import { bigWireLog, fixtureVerdicts, hostileWireLog, piSession } from '../bench/replay/fixtures.ts';
import { TRIAL_FORMAT, type TrialRecord } from '../bench/schema/trial.ts';
import type { Subject } from '../bench/schema/subject.ts';
import type { WireLog } from '../bench/schema/wire-event.ts';
import { sealedTrialFiles } from '../bench/derive/records.ts';
import { piSessionUsage } from '../bench/derive/pi-usage.ts';
import { writeFilesAtomic } from '../harness/io/write.ts';
import { writeSyntheticTree } from './synthetic.ts';

export const FIXTURE_IDS = { hostile: 'replay-hostile-1', huge: 'replay-huge-2000', infra: 'replay-infra-1' } as const;
export const HUGE_EXCHANGES = 2000;

const SUBJECT: Subject = {
  kind: 'agent',
  id: 'agent/pi@1.6.0/scripted/scripted-1/off',
  label: 'pi 1.6.0 · scripted/scripted-1 · <b>off</b>',
  harness: 'pi',
  harnessVersion: '1.6.0',
  provider: 'scripted',
  model: 'scripted-1',
  thinking: 'off',
};

/** Write the tree into `dir`: records and sidecars only (the caller derives). */
export function writeReplayFixtureFiles(dir: string): void {
  const tree = writeSyntheticTree(dir, {
    subjects: 1,
    libraries: 0,
    scenarios: 1,
    checkpoints: 5,
    k: 2,
    revisions: ['2025-11-25'],
  });
  const scenario = tree.scenarios.find((s) => s.role === 'server')!;
  const files: { path: string; content: string }[] = [];
  const add = (
    id: string,
    k: number,
    log: WireLog,
    exchanges: number,
    extra: Partial<TrialRecord> = {},
    transcript?: string,
  ) => {
    const record: Omit<TrialRecord, 'wireChain'> = {
      format: TRIAL_FORMAT,
      trial: {
        id,
        revision: scenario.revision,
        role: scenario.role,
        scenario: scenario.id,
        docs: 'none',
        k,
        startedAt: '2026-11-01T10:00:00.000Z',
        endedAt: '2026-11-01T10:01:00.000Z',
        benchmarkVersion: '1.0.0',
        scenarioHash: scenarioHash(scenario),
        isolation: 'none',
        specCommit: 'a'.repeat(40),
      },
      subject: SUBJECT,
      status: 'completed',
      verdicts: fixtureVerdicts(scenario.checkpoints, exchanges),
      // As the runner stores it: counts from the transcript (none without one).
      usage: { ...(transcript !== undefined ? piSessionUsage(transcript) : {}), wallTimeMs: 60000 },
      sidecars: {
        wire: `k${k}.wire.jsonl`,
        ...(transcript !== undefined ? { transcript: `k${k}.transcript.jsonl` } : {}),
      },
      ...extra,
    };
    files.push(...sealedTrialFiles(record, log, transcript).files);
  };
  const session =
    piSession('2026-11-01T10:00:00.000Z')
      .map((e) => JSON.stringify(e))
      .join('\n') + '\n';
  add(FIXTURE_IDS.hostile, 1, hostileWireLog('2026-11-01T10:00:05.000Z'), 8, {}, session);
  add(FIXTURE_IDS.huge, 2, bigWireLog(HUGE_EXCHANGES), HUGE_EXCHANGES);
  add(FIXTURE_IDS.infra, 3, { header: hostileWireLog().header, events: [] }, 0, {
    status: 'infra-error',
    infraReason: 'sandbox failed <script>alert(1)</script>',
    verdicts: [],
  });
  writeFilesAtomic(files.map((f) => ({ path: join(dir, f.path), content: f.content })));
}
