import { describe, expect, it } from 'vitest';
import { AGENT, agentBase, A_REC_PATH, ADIR } from '../derive/forged-corpus.ts';
import { REC } from '../derive/malformed-corpus.ts';
import { fixtureCalibrationSubjects, fixtureRegistry, scenarioFile, trialFiles } from '../derive/test-fixtures.ts';
import { formatProblem } from '../problems.ts';
import { A_VER, verifiedAgent } from '../derive/verify-fixtures.ts';
import type { FileChange } from './changes.ts';
import { checkChanges, type CheckInput } from './check.ts';

type Files = Map<string, string>;

/** A check over `files` with `changes` against the base; the fixture scenario and judges. */
function run(files: Files, changes: FileChange[], extra: Partial<CheckInput> = {}) {
  return checkChanges({
    changes,
    results: files,
    scenarios: [scenarioFile()],
    judges: fixtureRegistry(),
    calibrationSubjects: fixtureCalibrationSubjects(),
    ...extra,
  });
}

/** The base: one oracle trial (committed, so not checked), as every published tree has calibration records. */
const baseTree = (): Files =>
  new Map(trialFiles({ subject: { kind: 'calibration', id: 'calibration/oracle', label: 'oracle' } }).files);

const added = (files: Files, prefix: string): FileChange[] =>
  [...files.keys()].filter((p) => p.startsWith(prefix)).map((path) => ({ status: 'A' as const, path }));

const text = (ps: { problems: Parameters<typeof formatProblem>[0][] }) => ps.problems.map(formatProblem).join('\n');

describe('checkChanges', () => {
  it('passes a valid added agent trial and checks only it', () => {
    const files = new Map([...baseTree(), ...agentBase()]);
    const out = run(files, added(files, ADIR));
    expect(text(out)).toBe('');
    expect(out.checked).toEqual([A_REC_PATH]);
    expect(out.changes.records.added).toEqual([A_REC_PATH]);
  });

  it('passes an added agent trial with its snapshot and verification, and a verification added later for it', () => {
    const files = new Map([...baseTree(), ...verifiedAgent()]);
    const maintainer = { allowVerifications: true };
    expect(text(run(files, added(files, ADIR), maintainer))).toBe('');
    const later = run(files, [{ status: 'A', path: A_VER }], maintainer);
    expect(text(later)).toBe('');
    expect(later.checked).toEqual([A_REC_PATH]);
  });

  it('refuses a verification a contributor’s pull request brings itself: only the project’s re-run vouches', () => {
    const files = new Map([...baseTree(), ...verifiedAgent()]);
    expect(text(run(files, added(files, ADIR)))).toBe(
      `${A_VER}: a verification file in a pull request: the verifications that count come from the project’s re-run\n  hint: delete it (\`npm run verify\` wrote it for you to read); the preview workflow re-runs your records and a maintainer commits its verifications (--allow-calibration)`,
    );
    expect(text(run(files, added(files, ADIR), { allowCalibration: true }))).toBe('');
  });

  it('refuses a verification with no record beside it as an orphan, and one of an older version of its record', () => {
    const alone = new Map([...baseTree(), [`${ADIR}k2.verification.jsonl`, verifiedAgent().get(A_VER)!]]);
    expect(
      text(run(alone, [{ status: 'A', path: `${ADIR}k2.verification.jsonl` }], { allowVerifications: true })),
    ).toBe(
      `${ADIR}k2.verification.jsonl: orphan file: no record names it as a sidecar\n  hint: a verification lies beside the record it verifies (${ADIR}k2.json): commit it with its record, or delete it`,
    );
    const files = new Map([...baseTree(), ...verifiedAgent()]);
    files.set(A_REC_PATH, JSON.stringify(JSON.parse(files.get(A_REC_PATH)!)) + '\n');
    const out = run(files, [{ status: 'M', path: A_REC_PATH }]);
    expect(out.problems.map((p) => `${p.file} ${p.field}`)).toEqual([`${A_VER} line 1: record`]);
    expect(out.problems[0]!.hint).toBe(`re-run \`npm run verify -- ${A_REC_PATH}\``);
  });

  it('names the wire log and line when one byte of it was edited', () => {
    const files = new Map([...baseTree(), ...agentBase()]);
    const wire = `${ADIR}k1.wire.jsonl`;
    files.set(wire, files.get(wire)!.replace('"status":200', '"status":201'));
    const out = run(files, added(files, ADIR));
    expect(out.problems.length).toBeGreaterThan(0);
    expect(out.problems[0]!.file).toBe(wire);
    expect(out.problems[0]!.field).toMatch(/^line \d+/);
  });

  it('re-judges a changed record: a stored verdict edited by hand is refused at its field', () => {
    const files = new Map([...baseTree(), ...agentBase()]);
    const r = JSON.parse(files.get(A_REC_PATH)!);
    r.verdicts[1].verdict = r.verdicts[1].verdict === 'pass' ? 'fail' : 'pass';
    files.set(A_REC_PATH, JSON.stringify(r, null, 2) + '\n');
    const out = run(files, [{ status: 'M', path: A_REC_PATH }]);
    expect(out.problems.map((p) => `${p.file} ${p.field}`)).toContain(`${A_REC_PATH} verdicts[1]`);
  });

  it('flags a calibration record in a contributor pull request, unless --allow-calibration', () => {
    const files = baseTree();
    const changes: FileChange[] = [{ status: 'M', path: REC }];
    const flagged = run(files, changes);
    expect(flagged.problems).toEqual([
      expect.objectContaining({ file: REC, message: 'a calibration file is changed' }),
    ]);
    expect(flagged.problems[0]!.hint).toContain('npm run calibrate');
    expect(run(files, changes, { allowCalibration: true }).problems).toEqual([]);
  });

  it('flags a scenario or code change made alongside records, not one made alone', () => {
    const files = new Map([...baseTree(), ...agentBase()]);
    const code: FileChange = { status: 'M', path: 'src/bench/judge/registry.ts' };
    const out = run(files, [...added(files, ADIR), code]);
    expect(out.problems.map((p) => p.file)).toEqual(['src/bench/judge/registry.ts']);
    expect(run(files, [code]).problems).toEqual([]);
  });

  it('refuses a copy of a published trial relabelled as a new one', () => {
    const base = new Map([...baseTree(), ...agentBase()]);
    const copyDir = ADIR.replace('model-a', 'model-b');
    const files = new Map(base);
    for (const [p, t] of base) if (p.startsWith(ADIR)) files.set(p.replace(ADIR, copyDir), t);
    const out = run(files, added(files, copyDir));
    const all = text(out);
    expect(all).toContain(`${copyDir}k1.json: trial: path does not match content`);
    expect(all).toContain(`${copyDir}k1.wire.jsonl: the same wire log as ${ADIR}k1.wire.jsonl`);
    expect(all).toContain(`${copyDir}k1.transcript.jsonl: the same transcript as ${ADIR}k1.transcript.jsonl`);
  });

  it('requires the transcript of an added pi trial and a subject id spelled from its fields', () => {
    const bare = new Map(trialFiles({ subject: AGENT }).files);
    const out = run(bare, added(bare, ADIR));
    expect(out.problems).toEqual([
      expect.objectContaining({
        file: A_REC_PATH,
        field: 'sidecars.transcript',
        message: 'a pi trial without its transcript',
      }),
    ]);
    const other = { ...AGENT, thinking: 'high' };
    const odd = new Map(trialFiles({ subject: other }).files);
    const rec = [...odd.keys()].find((p) => p.endsWith('.json'))!;
    expect(run(odd, added(odd, 'results/')).problems).toContainEqual(
      expect.objectContaining({ file: rec, field: 'subject.thinking' }),
    );
  });

  it('reports a sidecar added without a record, and one left behind by a removed record', () => {
    const files = new Map([...baseTree(), ...agentBase()]);
    const stray = `${ADIR}k9.wire.jsonl`;
    files.set(stray, files.get(`${ADIR}k1.wire.jsonl`)!);
    const left = new Map(files);
    left.delete(A_REC_PATH);
    const out = run(left, [
      { status: 'A', path: stray },
      { status: 'D', path: A_REC_PATH },
    ]);
    expect(out.problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      `${ADIR}k1.transcript.jsonl: orphan file: its record ${A_REC_PATH} is removed`,
      `${ADIR}k1.wire.jsonl: orphan file: its record ${A_REC_PATH} is removed`,
      `${stray}: orphan file: no record names it as a sidecar`,
    ]);
  });

  it('checks the records of explicit paths (folders or sidecars) instead of the changed ones', () => {
    const files = new Map([...baseTree(), ...agentBase()]);
    expect(run(files, [], { select: [`${ADIR}k1.wire.jsonl`] }).checked).toEqual([A_REC_PATH]);
    expect(run(files, [], { select: ['results/2025-11-25/'] }).checked).toEqual([A_REC_PATH, REC].sort());
  });
});
