import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { allTables } from './tables.ts';
import { checkpointsTable, failingTrialsTable, subjectBoardsTable, subjectTrialsTable } from './detail.ts';

const d = syntheticDataset({ seed: 6, subjects: 2, scenarios: 1 });

describe('site tables', () => {
  it('gives every table a unique id and cells of the same shape as rows', () => {
    const all = allTables(d);
    expect(all.size).toBeGreaterThan(20);
    for (const t of all.values()) {
      expect(t.cells.length, t.id).toBe(t.rows.length);
      t.rows.forEach((r, i) => {
        expect(r.length, t.id).toBe(t.columns.length);
        expect(t.cells[i]!.length, t.id).toBe(t.columns.length);
      });
    }
  });

  it('links each checkpoint to the pinned spec at file:line and marks the quote as markdown', () => {
    const s = d.scenarios[0]!;
    const t = checkpointsTable(s, d.extra.coverage);
    const c = s.checkpoints[1]!;
    expect(t.cells[1]![4]!.href).toMatch(new RegExp(`/blob/[0-9a-f]{40}/${c.spec!.file}#L${c.spec!.line}$`));
    expect(t.cells[1]![3]).toEqual({ text: c.spec!.quote, md: true });
  });

  it('links each cited sentence id to its row in the coverage ledger, and the task checkpoint nowhere', () => {
    const s = d.scenarios[0]!;
    const cited = s.checkpoints.flatMap((c) => (c.spec ? [c.spec] : []));
    const ledger = {
      ...d.extra.coverage,
      revisions: [
        {
          ...d.extra.coverage.revisions[0]!,
          revision: s.revision,
          ledger: 'scenarios/coverage.json',
          sentences: cited.map((c) => ({ ...d.extra.coverage.revisions[0]!.sentences[0]!, id: c.id, role: s.role })),
        },
      ],
    } as typeof d.extra.coverage;
    const t = checkpointsTable(s, ledger);
    s.checkpoints.forEach((c, i) => {
      const cell = t.cells[i]![2]!;
      if (c.spec)
        expect(cell.href).toBe(
          `/methodology/coverage/${s.revision}/${s.role}/${c.spec.id.split('-')[1]}/#cov-${s.revision}-${s.role}-${c.spec.id}`,
        );
      else expect(cell).toEqual({ text: 'task' });
    });
  });

  it('leaves a cited sentence id unlinked when the ledger has no row for it (no link to a missing anchor)', () => {
    const s = d.scenarios[0]!;
    const t = checkpointsTable(s, { ...d.extra.coverage, revisions: [] });
    s.checkpoints.forEach((c, i) => {
      if (c.spec) expect(t.cells[i]![2]).toEqual({ text: c.spec.id });
    });
  });

  it('lists only failing verdicts of a checkpoint, with trial links', () => {
    const s = d.scenarios[0]!;
    const slug = s.checkpoints[0]!.slug;
    const t = failingTrialsTable(d, s, slug);
    const want = d.trials.filter(
      (x) =>
        x.scenario === s.id &&
        x.revision === s.revision &&
        x.role === s.role &&
        x.verdicts.some((v) => v.checkpoint === slug && v.verdict === 'fail'),
    );
    expect(t.rows.map((r) => r[0]).sort()).toEqual(want.map((x) => x.id).sort());
    expect(t.cells.every((c) => c[0]!.href === `/trials/${c[0]!.text}/`)).toBe(true);
  });

  it('lists a subject on every board it ranks on, with its rank', () => {
    const agent = d.subjects.find((x) => x.kind === 'agent')!;
    const t = subjectBoardsTable(d, agent.id);
    const boards = d.boards.filter((b) => b.rows.some((r) => r.subject === agent.id));
    expect(t.rows.map((r) => r[0])).toEqual(boards.map((b) => `${b.revision}/${b.docs}`));
    t.rows.forEach((r, i) => expect(r[1]).toBe(boards[i]!.rows.findIndex((x) => x.subject === agent.id) + 1));
  });

  it('publishes the raw record, wire log and transcript paths of each trial', () => {
    const agent = d.subjects.find((x) => x.kind === 'agent')!;
    const t = subjectTrialsTable(d, agent.id);
    const tr = d.trials.find((x) => x.id === t.rows[0]![0])!;
    expect(tr.files.transcript).toBeDefined();
    expect(t.cells[0]!.at(-1)!.links!.map((l) => l.href)).toEqual(
      ['record.json', 'wire.jsonl', 'transcript.jsonl'].map((f) => `/trials/${tr.id}/${f}`),
    );
    expect(t.rows[0]!.at(-1)).toBe(tr.files.record);
  });

  it('names the run manifest a swept trial came from, and a dash for a single trial', () => {
    const agent = d.subjects.find((x) => x.kind === 'agent')!;
    const ids = subjectTrialsTable(d, agent.id).rows.map((r) => r[0]);
    const swept = { ...d, trials: d.trials.map((x) => (x.id === ids[0] ? { ...x, run: 'spring-sweep' } : x)) };
    const t = subjectTrialsTable(swept, agent.id);
    const col = t.columns.findIndex((c) => c.key === 'run');
    expect(t.rows[0]![col]).toBe('spring-sweep');
    expect(t.cells[0]![col]).toMatchObject({
      text: 'spring-sweep',
      note: expect.stringContaining('runs/spring-sweep.json'),
    });
    if (ids.length > 1) expect(t.cells[1]![col]).toEqual({ text: '—' });
  });
});
