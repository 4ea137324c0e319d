import { describe, expect, it } from 'vitest';
import { fixtureCalibrationSubjects, fixtureRegistry, scenarioFile } from '../derive/test-fixtures.ts';
import { formatProblem } from '../problems.ts';
import { BUNDLE_INDEX, digestOf, type BundleFolder } from './bundle-files.ts';
import { checkMerge, type MergeInput } from './merge-check.ts';
import { fxBundle, fxManifest, fxPlan, fxPlanned, fxRunRef, fxTrial, withIndex, type FxTrial } from './test-bundles.ts';

const plan = fxPlan();
const trials = plan.map((t) => fxTrial(t));
// Round robin, as the sweep shards: plan trials 0 and 2 in shard 1, 1 and 3 in shard 2.
const S1 = 'bundles/fixture-run/shard-1-of-2';
const S2 = 'bundles/fixture-run/shard-2-of-2';
const shard1 = () => fxBundle(S1, { index: 1, count: 2 }, [trials[0]!, trials[2]!]);
const shard2 = () => fxBundle(S2, { index: 2, count: 2 }, [trials[1]!, trials[3]!]);

function merge(bundles: BundleFolder[], o: Partial<MergeInput> = {}) {
  return checkMerge({
    bundles,
    run: fxRunRef(),
    plan,
    results: new Map(),
    scenarios: [scenarioFile()],
    judges: fixtureRegistry(),
    calibrationSubjects: fixtureCalibrationSubjects(),
    ...o,
  });
}
const text = (out: ReturnType<typeof merge>) => out.problems.map(formatProblem).join('\n');
/** A bundle with one of its files' text replaced (the index unchanged). */
const edited = (b: BundleFolder, path: string, edit: (s: string) => string): BundleFolder => {
  const files = new Map(b.files);
  files.set(path, edit(files.get(path)!));
  return { ...b, files };
};
const filesOf = (ts: readonly FxTrial[]) => ts.flatMap((t) => t.files.map(([p]) => p)).sort();
const applied = (out: ReturnType<typeof merge>) => new Map(out.add.map((f) => [f.path, f.content]));

describe('checkMerge', () => {
  it('takes every file of two shards that together hold the whole plan, records re-judged', () => {
    const out = merge([shard1(), shard2()]);
    expect(text(out)).toBe('');
    expect(out.add.map((f) => f.path)).toEqual(filesOf(trials));
    expect(out.add.find((f) => f.path === trials[0]!.entry.record)!.content).toBe(trials[0]!.files[0]![1]);
    expect(out.trials.map((t) => `${t.bundle} ${t.key} ${t.status}`)).toEqual([
      `${S1} ${plan[0]!.key} completed`,
      `${S1} ${plan[2]!.key} completed`,
      `${S2} ${plan[1]!.key} completed`,
      `${S2} ${plan[3]!.key} completed`,
    ]);
    expect(out.missing).toEqual([]);
  });

  it('is a no-op the second time: every file already present byte for byte, nothing to add', () => {
    const results = applied(merge([shard1(), shard2()]));
    const again = merge([shard1(), shard2()], { results });
    expect(text(again)).toBe('');
    expect(again.add).toEqual([]);
    expect(again.present).toEqual(filesOf(trials));
    expect(again.trials.every((t) => t.present)).toBe(true);
  });

  it('refuses a file whose bytes changed after the shard listed them, path-first inside the bundle', () => {
    const wire = trials[0]!.files[1]![0];
    const b = edited(shard1(), wire, (s) => s.replace('"status":200', '"status":201'));
    const out = merge([b, shard2()]);
    expect(out.add).toEqual([]);
    const first = out.problems.find((p) => p.file === `${S1}/${wire}`)!;
    expect(formatProblem(first)).toMatch(
      new RegExp(
        `^${S1}/${wire}: sha256 does not match bundle\\.json \\(file [0-9a-f]{64}, listed ${digestOf(trials[0]!.files[1]![1]).sha256}\\)\\n  hint: the file changed after the shard wrote it`,
      ),
    );
  });

  it('refuses a file the index does not list, and a listed file the folder lacks', () => {
    const extra = edited(
      shard1(),
      'results/2025-11-25/server/fixture-echo/none/calibration/oracle/notes.txt',
      () => 'hi',
    );
    const out = merge([extra, shard2()]);
    expect(text(out)).toBe(
      `${S1}/results/2025-11-25/server/fixture-echo/none/calibration/oracle/notes.txt: not listed in bundle.json: a bundle holds only the files its shard wrote\n  hint: delete it, or re-run the shard (\`npm run sweep -- --manifest … --shard i/n\` resumes and rewrites its bundle)`,
    );
    expect(out.add).toEqual([]);
    const gone = shard1();
    const files = new Map(gone.files);
    files.delete(trials[2]!.files[1]![0]);
    expect(text(merge([{ ...gone, files }, shard2()]))).toContain(
      `${S1}/${trials[2]!.files[1]![0]}: listed in bundle.json (files[1]) but not in the folder`,
    );
  });

  it('refuses a foreign trial (outside the manifest) with nothing added', () => {
    const foreign = fxTrial(fxPlanned('oracle', 1, 'full'));
    const b = fxBundle(S1, { index: 1, count: 2 }, [trials[0]!, trials[2]!, foreign]);
    const out = merge([b, shard2()]);
    expect(out.add).toEqual([]);
    expect(text(out)).toBe(
      `${S1}/bundle.json: trials[2].key: "2025-11-25/server/fixture-echo/full/oracle/k1" is not a trial of runs/fixture-run.json: a foreign trial\n  hint: a bundle merges only into the run whose plan it came from: merge it with its own manifest (--manifest), or drop it`,
    );
  });

  it('refuses a trial of another run, and a record the sweep did not mark with its run', () => {
    const other = fxTrial(plan[0]!, { run: 'another-run' });
    const out = merge([fxBundle(S1, { index: 1, count: 2 }, [other, trials[2]!]), shard2()]);
    expect(text(out)).toBe(
      `${S1}/${other.entry.record}: trial.run: "another-run" is not the run being merged ("fixture-run")\n  hint: a sweep writes its run id into every record: re-run the shard`,
    );
    const unmarked = fxTrial(plan[0]!, { run: null });
    expect(text(merge([fxBundle(S1, { index: 1, count: 2 }, [unmarked, trials[2]!]), shard2()]))).toContain(
      `${S1}/${unmarked.entry.record}: trial.run: missing: the record does not say it belongs to run "fixture-run"`,
    );
  });

  it('refuses a trial two bundles both hold, once, on the second bundle’s index', () => {
    const twice = fxBundle(S2, { index: 2, count: 2 }, [trials[1]!, trials[3]!, trials[0]!]);
    const out = merge([shard1(), twice]);
    expect(out.add).toEqual([]);
    expect(text(out)).toBe(
      `${S2}/bundle.json: trials[2].key: trial "${plan[0]!.key}" is also in ${S1}/bundle.json: a trial is merged once\n  hint: two shards ran the same trial (shards of different plans, or one shard copied twice): merge one of them`,
    );
  });

  it('refuses a planned trial no bundle has, unless --allow-missing, which lists it', () => {
    const out = merge([shard1()]);
    expect(out.add).toEqual([]);
    expect(out.problems.map(formatProblem)).toEqual(
      // Sorted as every problem list is: by file, then message.
      [plan[3]!, plan[1]!].map(
        (t) =>
          `runs/fixture-run.json: trial "${t.key}" is planned but in no bundle and not in results/\n  hint: run its shard (a re-run resumes), or pass --allow-missing to merge shards one at a time`,
      ),
    );
    const one = merge([shard1()], { allowMissing: true });
    expect(text(one)).toBe('');
    expect(one.missing.map((t) => t.key)).toEqual([plan[1]!.key, plan[3]!.key]);
    expect(one.add.map((f) => f.path)).toEqual(filesOf([trials[0]!, trials[2]!]));
    // The other shard later: the first one's trials are in results/ now, so nothing is missing.
    const rest = merge([shard2()], { results: applied(one) });
    expect(text(rest)).toBe('');
    expect(rest.add.map((f) => f.path)).toEqual(filesOf([trials[1]!, trials[3]!]));
  });

  it('counts an infra-error trial the sweep recorded as present, not missing', () => {
    const infra = fxTrial(plan[3]!, { infraReason: 'sandbox failure: ip netns add: exit 1' });
    expect(infra.entry.status).toBe('infra-error');
    const out = merge([shard1(), fxBundle(S2, { index: 2, count: 2 }, [trials[1]!, infra])]);
    expect(text(out)).toBe('');
    expect(out.trials.map((t) => t.status)).toEqual(['completed', 'completed', 'completed', 'infra-error']);
  });

  it('refuses a record whose stored verdict no longer re-judges, even with its hash rewritten to match', () => {
    const rec = trials[0]!.entry.record;
    const tampered = edited(shard1(), rec, (s) => s.replace('"verdict": "pass"', '"verdict": "fail"'));
    const index = shard1().index;
    const fixed = withIndex(tampered, {
      ...index,
      files: index.files.map((f) => (f.path === rec ? { path: rec, ...digestOf(tampered.files.get(rec)!) } : f)),
    });
    const out = merge([fixed, shard2()]);
    expect(out.add).toEqual([]);
    expect(out.problems.map((p) => `${p.file}: ${p.field}`)).toEqual([`${S1}/${rec}: verdicts[0]`]);
    expect(out.problems[0]!.message).toMatch(/differs from the re-judged one: stored fail/);
  });

  it('refuses a trial already in results/ with other bytes', () => {
    const results = applied(merge([shard1(), shard2()]));
    const rec = trials[0]!.entry.record;
    results.set(rec, results.get(rec)!.replace('"wallTimeMs": 1000', '"wallTimeMs": 1001'));
    const out = merge([shard1(), shard2()], { results });
    expect(out.add).toEqual([]);
    expect(out.problems.map(formatProblem)).toContain(
      `${S1}/${rec}: ${rec} is already in results/ with other bytes\n  hint: a trial is merged once: if the run re-ran it on purpose, remove the published copy in its own commit first`,
    );
  });

  it('refuses a bundle of another manifest version, of another run, and a folder without an index', () => {
    const changed = fxRunRef(fxManifest({ k: 3 }));
    const out = merge([shard1(), shard2()], { run: changed, plan });
    expect(out.problems.map((p) => `${p.file}: ${p.field}`)).toEqual([
      `${S1}/bundle.json: manifestSha256`,
      `${S2}/bundle.json: manifestSha256`,
    ]);
    const elsewhere = fxBundle(S1, { index: 1, count: 1 }, [], { ...fxRunRef(), id: 'another-run' });
    expect(text(merge([elsewhere], { allowMissing: true }))).toBe(
      `${S1}/bundle.json: run: "another-run" is not the run being merged ("fixture-run", runs/fixture-run.json)\n  hint: merge each run on its own: pass only its bundle folders (and --manifest its file)`,
    );
    const empty: BundleFolder = { dir: 'bundles/x', files: new Map(), refused: [] };
    expect(text(merge([empty], { allowMissing: true }))).toBe(
      'bundles/x/bundle.json: missing: not a bundle folder\n  hint: give the folder `npm run sweep -- --out <folder>` wrote (it holds bundle.json and results/)',
    );
  });

  it('refuses an index that lies about a status, a record path, or lists a record under no trial', () => {
    const index = shard1().index;
    const lying = withIndex(shard1(), {
      ...index,
      trials: [{ ...index.trials[0]!, status: 'infra-error' }, index.trials[1]!],
    });
    expect(text(merge([lying, shard2()]))).toBe(
      `${S1}/${BUNDLE_INDEX}: trials[0].status: "infra-error" but the record's status is "completed"\n  hint: the index is rewritten after each trial: re-run the shard`,
    );
    const unnamed = withIndex(shard1(), { ...index, trials: [index.trials[0]!] });
    expect(text(merge([unnamed, shard2()], { allowMissing: true }))).toBe(
      `${S1}/${trials[2]!.entry.record}: a record no trial of bundle.json names\n  hint: the index lists every finished trial: re-run the shard`,
    );
    const moved = withIndex(shard1(), {
      ...index,
      trials: [{ ...index.trials[0]!, key: plan[1]!.key }, index.trials[1]!],
    });
    expect(text(merge([moved, shard2()]))).toContain(
      `${S1}/${BUNDLE_INDEX}: trials[0].record: "${trials[0]!.entry.record}" is not where trial "${plan[1]!.key}" records (${trials[1]!.entry.record})`,
    );
  });

  it('passes the safe reader’s refusals on, named inside the bundle', () => {
    const b = { ...shard1(), refused: [{ file: 'results/x/.hidden', message: 'hidden file' }] };
    const out = merge([b, shard2()]);
    expect(out.add).toEqual([]);
    expect(text(out)).toBe(`${S1}/results/x/.hidden: hidden file`);
  });
});
