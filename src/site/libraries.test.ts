import { describe, expect, it } from 'vitest';
import { derive } from '../bench/derive/derive.ts';
import type { LibrariesInput } from '../bench/derive/libraries.ts';
import { JUDGES } from '../bench/judge/registry.ts';
import { formatProblem } from '../bench/problems.ts';
import type { TrialRecord } from '../bench/schema/trial.ts';
import { syntheticFiles } from '../testing/synthetic.ts';
import { boardTable } from './boards.ts';
import { libraryFailuresTable, notAttemptedTable } from './libraries.ts';

// A synthetic tree with one library subject; the library's records are edited in memory (rejudge off, so a verdict
// can be set to fail) and its registry / evidence files are written here: derive must turn them into board data.
const LIB = '@synthetic/mcp-lib-1';
const SUBJECT = `library/${LIB}@1.0.0`;
const REV = '2025-11-25';

function tree() {
  const { files } = syntheticFiles({ seed: 5, subjects: 1, libraries: 1, k: 1, revisions: [REV], infraErrorRate: 0 });
  const scenarios = files
    .filter((f) => /^scenarios\/[^/]+\/(client|server)\//.test(f.path))
    .map((f) => ({ path: f.path, text: f.content }));
  const results = new Map(files.filter((f) => f.path.startsWith('results/')).map((f) => [f.path, f.content]));
  const mine = [...results.keys()].filter((p) => p.includes(`/${SUBJECT}/`) && p.endsWith('.json')).sort();
  return { scenarios, results, mine };
}

// The label is the synthetic subject's: derive checks a library record's subject against its registry entry.
const LABEL = `${LIB} 1.0.0`;
const registry = (notAttempted: object[] = []) => ({
  path: 'libraries/registry.json',
  text: JSON.stringify({
    libraries: [
      {
        library: LIB,
        libraryVersion: '1.0.0',
        label: LABEL,
        installFolder: '.',
        glue: { [REV]: { server: 's.ts', client: 'c.ts' } },
        notAttempted,
        transport: { code: 'own', note: 'test library: its own transport' },
      },
    ],
  }),
});

function run(t: Pick<ReturnType<typeof tree>, 'scenarios' | 'results'>, libraries: LibrariesInput) {
  return derive({ scenarios: t.scenarios, results: t.results, judges: JUDGES, rejudge: false, gate: false, libraries });
}

describe('libraries board data', () => {
  it('shows a not-attempted scenario as n/a with its reason, outside the mean, and the row as incomplete', () => {
    const t = tree();
    const victim = JSON.parse(t.results.get(t.mine[0]!)!) as TrialRecord;
    for (const p of [...t.results.keys()]) if (p.startsWith(t.mine[0]!.replace(/k1\.json$/, ''))) t.results.delete(p);
    const { role, scenario } = victim.trial;
    const out = run(t, {
      registry: registry([
        { revision: REV, role, scenario, reason: 'the synthetic library has no API for this scenario' },
      ]),
    });
    expect(out.problems.map(formatProblem)).toEqual([]);
    const d = out.dataset!;
    expect(d.libraries.notAttempted).toEqual([
      {
        revision: REV,
        role,
        scenario,
        subject: SUBJECT,
        label: LABEL,
        reason: 'the synthetic library has no API for this scenario',
      },
    ]);
    const board = d.boards.find(
      (b) => b.revision === REV && b.docs === 'none' && b.kind === 'library' && b.role === role,
    )!;
    const table = boardTable(d, board);
    const row = table.rows.findIndex((r) => r[0] === SUBJECT);
    const col = table.columns.findIndex((c) => c.key === `${role}/${scenario}`);
    expect(table.rows[row]![col]).toBeNull();
    expect(table.cells[row]![col]).toEqual({
      text: 'n/a',
      note: 'not attempted: the synthetic library has no API for this scenario',
    });
    expect(board.rows.find((r) => r.subject === SUBJECT)!.overall.complete).toBe(false);
    // Its coverage beside the score: the scenarios with a score, of the role's.
    const o = board.rows.find((r) => r.subject === SUBJECT)!.overall;
    const cov = table.columns.findIndex((c) => c.key === 'coverage');
    expect(table.cells[row]![cov]!.text).toBe(`${o.present} of ${o.expected}`);
    expect(o.present).toBeLessThan(o.expected);
    expect(table.notes.some((n) => n.startsWith('n/a: the library cannot do this scenario'))).toBe(true);
    expect(notAttemptedTable(d, REV).rows).toEqual([
      [SUBJECT, `${role}/${scenario}`, 'the synthetic library has no API for this scenario'],
    ]);
  });

  it('refuses a not-attempted entry for a scenario that has a record, or that does not exist, naming the registry field', () => {
    const t = tree();
    const rec = JSON.parse(t.results.get(t.mine[0]!)!) as TrialRecord;
    const out = run(t, {
      registry: registry([
        {
          revision: REV,
          role: rec.trial.role,
          scenario: rec.trial.scenario,
          reason: 'says not attempted, but a record exists',
        },
        { revision: REV, role: 'server', scenario: 'gone-scenario', reason: 'a scenario that was removed since' },
      ]),
    });
    expect(out.problems.map(formatProblem).join('\n')).toContain(
      `libraries/registry.json: libraries[0].notAttempted[0]: results/ holds a trial of ${SUBJECT} on ${REV}/${rec.trial.role}/${rec.trial.scenario}, which the registry says is not attempted`,
    );
    expect(out.problems.map(formatProblem).join('\n')).toContain(
      `libraries/registry.json: libraries[0].notAttempted[1]: unknown scenario "${REV}/server/gone-scenario"`,
    );
  });

  it('lists every failing MUST/SHOULD verdict of a library, joined with its evidence, and checks the evidence files', () => {
    const t = tree();
    const path = t.mine[0]!;
    const rec = JSON.parse(t.results.get(path)!) as TrialRecord;
    const scenarioFile = JSON.parse(
      t.scenarios.find((s) => s.path === `scenarios/${REV}/${rec.trial.role}/${rec.trial.scenario}.json`)!.text,
    ) as { checkpoints: { slug: string; level: string; spec: { id: string } | null }[] };
    const levels = new Map(scenarioFile.checkpoints.map((c) => [c.slug, c.level]));
    // The task checkpoint (MUST, no sentence), one spec MUST/SHOULD checkpoint and one MAY checkpoint fail.
    const task = rec.verdicts[0]!;
    const spec = rec.verdicts.find((v) => v !== task && levels.get(v.checkpoint) !== 'MAY')!;
    const may = rec.verdicts.find((v) => levels.get(v.checkpoint) === 'MAY')!;
    for (const v of [spec, task, may]) Object.assign(v, { verdict: 'fail', message: `judged fail: ${v.checkpoint}` });
    t.results.set(path, JSON.stringify(rec));
    const cp = scenarioFile.checkpoints.find((c) => c.slug === spec.checkpoint)!;
    const entry = {
      library: LIB,
      libraryVersion: '1.0.0',
      revision: REV,
      role: rec.trial.role,
      scenario: rec.trial.scenario,
      checkpoint: spec.checkpoint,
      sentence: cp.spec?.id ?? null,
      transcript: 'lib/x.txt',
      command: 'bash lib/x.sh',
      expect: 'HTTP/1\\.1 200',
      status: 'confirmed',
      note: 'the server answered 200 where 400 is required',
      review: { class: 'violation', reason: 'the sentence names 400 and admits no other status' },
    };
    const evidence = { path: 'libraries/evidence/index.json', text: JSON.stringify({ entries: [entry] }) };
    const transcripts = [{ path: 'libraries/evidence/lib/x.txt', text: '$ bash lib/x.sh\n<<<\nHTTP/1.1 200 OK\n' }];
    // The task failure has no evidence: derive refuses it, path-first; with evidence for both, the data set is built.
    const unbacked = run(t, { registry: registry(), evidence, transcripts });
    expect(unbacked.problems.map(formatProblem).join('\n')).toContain(
      `libraries/evidence/index.json: ${SUBJECT} ${REV}/${rec.trial.role}/${rec.trial.scenario} ${task.checkpoint}: a failing MUST verdict with no raw evidence`,
    );
    const taskEntry = {
      ...entry,
      checkpoint: task.checkpoint,
      sentence: null,
      transcript: 'lib/y.txt',
      command: 'bash lib/y.sh',
    };
    const both = { path: evidence.path, text: JSON.stringify({ entries: [entry, taskEntry] }) };
    const files = [...transcripts, { path: 'libraries/evidence/lib/y.txt', text: '<<<\nHTTP/1.1 200 OK\n' }];
    const d = run(t, { registry: registry(), evidence: both, transcripts: files }).dataset!;
    const failures = d.libraries.failures.filter((f) => f.subject === SUBJECT && f.scenario === rec.trial.scenario);
    // The MAY failure is not listed: it never moves a score.
    expect(failures.map((f) => f.checkpoint).sort()).toEqual([spec.checkpoint, task.checkpoint].sort());
    expect(failures.find((f) => f.checkpoint === spec.checkpoint)).toMatchObject({
      verdict: 'fail',
      message: `judged fail: ${spec.checkpoint}`,
      trial: rec.trial.id,
      evidence: { status: 'confirmed', file: 'libraries/evidence/lib/x.txt', text: transcripts[0]!.text },
    });
    const table = libraryFailuresTable(d, REV);
    const i = table.rows.findIndex((r) => r[2] === spec.checkpoint);
    expect(table.rows[i]!.slice(5, 12)).toEqual([
      'fail',
      'violation',
      'the sentence names 400 and admits no other status',
      null,
      'confirmed',
      'the server answered 200 where 400 is required',
      'libraries/evidence/lib/x.txt',
    ]);
    expect(table.cells[i]![6]).toMatchObject({ text: 'violation' });
    expect(table.cells[i]![9]).toMatchObject({
      text: 'confirmed',
      href: expect.stringMatching(/^\/methodology\/libraries\/2025-11-25\/#evidence-2025-11-25-/),
    });
    expect(failures.find((f) => f.checkpoint === task.checkpoint)?.evidence?.file).toBe('libraries/evidence/lib/y.txt');

    // Evidence must back a failure: a doubted entry on a failing verdict, or an entry whose verdict passes, is refused.
    const refused = (e: object, verdict = 'fail') => {
      const r = structuredClone(rec);
      r.verdicts.find((v) => v.checkpoint === spec.checkpoint)!.verdict = verdict as 'fail';
      const t2 = { ...t, results: new Map(t.results).set(path, JSON.stringify(r)) };
      return run(t2, {
        registry: registry(),
        evidence: { path: evidence.path, text: JSON.stringify({ entries: [e, taskEntry] }) },
        transcripts: files,
      })
        .problems.map(formatProblem)
        .join('\n');
    };
    expect(refused({ ...entry, status: 'judge-suspected-wrong' })).toContain('entries[0].status: ');
    expect(refused({ ...entry, review: { class: 'glue', reason: 'our glue left the option off; fixed' } })).toContain(
      'entries[0].review.class: ',
    );
    expect(refused({ ...entry, review: { class: 'contested', reason: 'another reading is held upstream' } })).toContain(
      `checkpoint ${spec.checkpoint} is not contested`,
    );
    expect(refused({ ...entry, review: undefined })).toContain('entries[0].review: ');
    expect(refused(entry, 'pass')).toContain(
      `${spec.checkpoint}: the verdict is now pass, so there is no failure for this evidence to back`,
    );

    // Broken evidence: unknown checkpoint, missing transcript, transcript that no longer shows the behaviour.
    const bad = (e: object, fs = transcripts) =>
      run(t, {
        registry: registry(),
        evidence: { path: evidence.path, text: JSON.stringify({ entries: [e] }) },
        transcripts: fs,
      })
        .problems.map(formatProblem)
        .join('\n');
    expect(bad({ ...entry, checkpoint: 'no-such-checkpoint' })).toContain(
      `libraries/evidence/index.json: entries[0].checkpoint: no checkpoint "no-such-checkpoint" in scenario ${REV}/${rec.trial.role}/${rec.trial.scenario}`,
    );
    expect(bad(entry, [])).toContain(
      'libraries/evidence/index.json: entries[0].transcript: missing transcript libraries/evidence/lib/x.txt',
    );
    expect(bad(entry, [{ path: 'libraries/evidence/lib/x.txt', text: 'HTTP/1.1 400 Bad Request\n' }])).toContain(
      "libraries/evidence/lib/x.txt: does not match the entry's expect /HTTP/1\\.1 200/",
    );
    expect(bad({ ...entry, expect: '(' })).toContain(
      'entries[0].expect: must be a valid JavaScript regular expression',
    );
  });

  it("lets the newest release's evidence cover an earlier release failing the same way, and asks for evidence of a failure only an earlier release shows", () => {
    // Two releases of one library (1.0.0 and the newest, 1.0.1), each with its own records (release history).
    const { files } = syntheticFiles({
      seed: 5,
      subjects: 1,
      libraries: 2,
      releases: true,
      k: 1,
      revisions: [REV],
      infraErrorRate: 0,
    });
    const t = {
      scenarios: files
        .filter((f) => /^scenarios\/[^/]+\/(client|server)\//.test(f.path))
        .map((f) => ({ path: f.path, text: f.content })),
      results: new Map(files.filter((f) => f.path.startsWith('results/')).map((f) => [f.path, f.content])),
    };
    const OLD = SUBJECT;
    const NEW = `library/${LIB}@1.0.1`;
    const entry0 = JSON.parse(registry().text).libraries[0];
    const two = {
      path: 'libraries/registry.json',
      text: JSON.stringify({ libraries: [entry0, { ...entry0, libraryVersion: '1.0.1', label: `${LIB} 1.0.1` }] }),
    };
    const path = [...t.results.keys()].filter((p) => p.includes(`/${NEW}/`) && p.endsWith('.json')).sort()[0]!;
    const oldPath = path.replace(`/${NEW}/`, `/${OLD}/`);
    const rec = JSON.parse(t.results.get(path)!) as TrialRecord;
    const task = rec.verdicts[0]!.checkpoint;
    const other = rec.verdicts[1]!.checkpoint;
    const failing = (p: string, slugs: string[]) => {
      const r = JSON.parse(t.results.get(p)!) as TrialRecord;
      for (const v of r.verdicts)
        if (slugs.includes(v.checkpoint))
          Object.assign(v, { verdict: 'fail', message: `judged fail: ${v.checkpoint}` });
      t.results.set(p, JSON.stringify(r));
    };
    failing(path, [task]);
    failing(oldPath, [task]);
    const entry = {
      library: LIB,
      libraryVersion: '1.0.1',
      revision: REV,
      role: rec.trial.role,
      scenario: rec.trial.scenario,
      checkpoint: task,
      sentence: null,
      transcript: 'lib/y.txt',
      command: 'bash lib/y.sh',
      expect: 'HTTP/1\\.1 200',
      status: 'confirmed',
      note: 'the server answered 200 where 400 is required',
      review: { class: 'violation', reason: 'the sentence names 400 and admits no other status' },
    };
    const evidence = { path: 'libraries/evidence/index.json', text: JSON.stringify({ entries: [entry] }) };
    const transcripts = [{ path: 'libraries/evidence/lib/y.txt', text: '<<<\nHTTP/1.1 200 OK\n' }];
    const out = run(t, { registry: two, evidence, transcripts });
    expect(out.problems.map(formatProblem)).toEqual([]);
    const rows = out.dataset!.libraries.failures.filter((f) => f.checkpoint === task);
    expect(rows.map((f) => [f.subject, f.evidence?.file, f.evidence?.fromSubject])).toEqual([
      [OLD, 'libraries/evidence/lib/y.txt', NEW],
      [NEW, 'libraries/evidence/lib/y.txt', undefined],
    ]);
    // A failure only the earlier release shows (a regression fixed since) needs evidence recorded on that release.
    failing(oldPath, [other]);
    expect(run(t, { registry: two, evidence, transcripts }).problems.map(formatProblem).join('\n')).toContain(
      `libraries/evidence/index.json: ${OLD} ${REV}/${rec.trial.role}/${rec.trial.scenario} ${other}: a failing`,
    );
  });
});
