// A project tree for building the replay pages in tests and benches: the synthetic tree (src/testing/synthetic.ts)
// plus three generated trials of one server scenario: a hostile one (SSE, errors, truncation, binary and hostile bodies,
// a pi transcript), a 2,000-exchange one, and an infra error; and re-run verified trials (snapshot and verification
// sidecars: one that agrees and one that disagrees for the same agent, one that agrees for a second agent, run in a
// docker container), judged by the tree's own judges (`replayFixtureJudges`). Build it with useBuiltSite(prefix,
// writeReplayFixtureFiles), which derives through deriveRoot (no re-judging: verdicts are generated; no pinned spec:
// the synthetic citations are not in it, whatever MCP_SPEC_DIR says).
import { scenarioHash } from '../bench/versions/hash.ts';
import { join } from 'node:path';
import { bigWireLog, fixtureVerdicts, hostileWireLog, piSession } from '../bench/replay/fixtures.ts';
import { TRIAL_FORMAT, type TrialRecord } from '../bench/schema/trial.ts';
import type { SandboxInfo } from '../bench/schema/sandbox.ts';
import type { Subject } from '../bench/schema/subject.ts';
import type { WireLog } from '../bench/schema/wire-event.ts';
import { sealedTrialFiles } from '../bench/derive/records.ts';
import { piSessionUsage } from '../bench/derive/pi-usage.ts';
import { writeFilesAtomic } from '../harness/io/write.ts';
import { writeSyntheticTree } from './synthetic.ts';
import { fixtureLog, type Behaviour } from '../bench/derive/test-fixtures.ts';
import { snapshotFiles, snapshotHeader, verificationHeader } from '../bench/derive/verify-fixtures.ts';
import { judgeTrial } from '../bench/judge/run.ts';
import { fail, pass, type JudgeRegistry } from '../bench/judge/types.ts';
import type { Scenario } from '../bench/schema/scenario.ts';
import { snapshotText, verificationText } from '../bench/verify/sidecar-text.ts';
import { wireJsonl } from '../bench/derive/wire-chain.ts';
import { trafficTotals, usageFromTotals } from '../bench/model-traffic/usage.ts';
import { fixtureModelExchanges, fixtureModelTraffic } from './model-traffic-fixture.ts';

export const FIXTURE_IDS = {
  hostile: 'replay-hostile-1',
  huge: 'replay-huge-2000',
  infra: 'replay-infra-1',
  verified: 'replay-verified-4',
  disagrees: 'replay-disagrees-5',
  verifiedOther: 'replay-verified-other-1',
  model: 'replay-model-6',
} as const;
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
/** A second agent, every trial of which is re-run verified (its board row shows the full badge). */
const OTHER: Subject = {
  ...SUBJECT,
  id: 'agent/pi@1.6.0/scripted/scripted-2/off',
  label: 'pi 1.6.0 · scripted/scripted-2 · off',
  model: 'scripted-2',
};

/** Judges of the tree's server scenario, for the verified trials: every checkpoint passes when some POST got a 200. */
export function replayFixtureJudges(scenario: Scenario): JudgeRegistry {
  const judge = ({ exchanges }: { exchanges: { x: number; response?: { status: number } }[] }) => {
    const ok = exchanges.find((e) => e.response?.status === 200);
    return ok ? pass(`a POST got 200 (exchange ${ok.x})`, [ok.x]) : fail('Expected a 200, got none');
  };
  return {
    [scenario.revision]: { [scenario.role]: Object.fromEntries(scenario.checkpoints.map((c) => [c.slug, judge])) },
  };
}

/** Write the tree into `dir`: records and sidecars only (the caller derives with the judges returned). */
export function writeReplayFixtureFiles(dir: string): { judges: JudgeRegistry } {
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
    const sealed = sealedTrialFiles(record, log, transcript);
    files.push(...sealed.files);
    return sealed.files[0]!.path;
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
  // A trial whose model traffic went through the proxy: usage measured from the sidecar, its budget ended the session.
  const traffic = fixtureModelExchanges();
  const modelRecord = add(FIXTURE_IDS.model, 6, bigWireLog(3), 3, {
    usage: { ...usageFromTotals(trafficTotals(traffic)), wallTimeMs: 60000, budgetExhausted: 'tokens' },
    sidecars: { wire: 'k6.wire.jsonl', model: 'k6.model.jsonl' },
  });
  files.push({ path: modelRecord.replace(/\.json$/, '.model.jsonl'), content: fixtureModelTraffic(traffic) });
  const judges = replayFixtureJudges(scenario);
  // A verified trial: judged by the tree's judges, its snapshot, and a verification of its record re-run as `rerun`.
  const verified = (
    id: string,
    k: number,
    subject: Subject,
    rerun: Behaviour,
    isolation: Pick<TrialRecord['trial'], 'isolation' | 'sandbox'> = { isolation: 'netns' },
  ) => {
    // The fixture log starts at 2026-11-30T08:00:00Z: the trial's times follow it.
    const log = fixtureLog();
    const record: Omit<TrialRecord, 'wireChain'> = {
      format: TRIAL_FORMAT,
      trial: {
        ...baseTrial(scenario),
        id,
        k,
        ...isolation,
        startedAt: '2026-11-30T07:59:00.000Z',
        endedAt: '2026-11-30T08:01:00.000Z',
      },
      subject,
      status: 'completed',
      verdicts: judgeTrial(scenario, log, judges),
      usage: { wallTimeMs: 30000 },
      sidecars: { wire: `k${k}.wire.jsonl`, snapshot: `k${k}.snapshot.jsonl` },
    };
    const sealed = sealedTrialFiles(record, log);
    const recPath = sealed.files[0]!.path;
    const again = fixtureLog(rerun);
    files.push(
      ...sealed.files,
      {
        path: recPath.replace(/\.json$/, '.snapshot.jsonl'),
        content: snapshotText(snapshotHeader(id, 4), snapshotFiles()),
      },
      {
        path: recPath.replace(/\.json$/, '.verification.jsonl'),
        content: verificationText(verificationHeader(sealed.record, sealed.files[0]!.content, again), wireJsonl(again)),
      },
    );
  };
  verified(FIXTURE_IDS.verified, 4, SUBJECT, {});
  verified(FIXTURE_IDS.disagrees, 5, SUBJECT, { status: 500 });
  // The second agent's one trial ran in a docker container: its page shows the container, its board row "docker".
  verified(FIXTURE_IDS.verifiedOther, 1, OTHER, {}, { isolation: 'docker', sandbox: FIXTURE_SANDBOX });
  writeFilesAtomic(files.map((f) => ({ path: join(dir, f.path), content: f.content })));
  return { judges };
}

/** The container a docker fixture trial records (made up: test data, no such image was built). */
export const FIXTURE_SANDBOX: SandboxInfo = {
  image: 'mcpfs-sandbox:abcdef012345',
  imageId: `sha256:${'c0ffee'.repeat(10)}0123`,
  limits: { pids: 128, memoryBytes: 1536 * 1024 ** 2, cpus: 1.5, tmpBytes: 64 * 1024 ** 2 },
  capabilities: [],
};

/** The trial fields the fixture trials share. */
const baseTrial = (scenario: Scenario): TrialRecord['trial'] => ({
  id: 'replay-base-1',
  revision: scenario.revision,
  role: scenario.role,
  scenario: scenario.id,
  docs: 'none',
  k: 1,
  startedAt: '2026-11-01T10:00:00.000Z',
  endedAt: '2026-11-01T10:01:00.000Z',
  benchmarkVersion: '1.0.0',
  scenarioHash: scenarioHash(scenario),
  isolation: 'none',
  specCommit: 'a'.repeat(40),
});
