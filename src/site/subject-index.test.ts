import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { idOfBoard } from './boards.ts';
import { subjectsTable } from './subject-index.ts';
import { tableBodies } from './table.ts';

const d = syntheticDataset({ seed: 4, subjects: 2, libraries: 2, scenarios: 1 });

describe('the subjects index', () => {
  it('lists every subject once, agents then libraries then calibration, each kind in a body of its own', () => {
    const t = subjectsTable(d);
    expect(t.rows.map((r) => r[0]).sort()).toEqual(d.subjects.map((s) => s.id).sort());
    const kinds = tableBodies(t).map((b) => [...new Set(b.rows.map((i) => t.rows[i]![1]))]);
    expect(kinds).toEqual([['agent'], ['library'], ['calibration']]);
  });

  it('links each subject to its page under its label, with its trial count', () => {
    const t = subjectsTable(d);
    for (const [i, r] of t.rows.entries()) {
      const s = d.subjects.find((x) => x.id === r[0])!;
      expect(t.cells[i]![0]).toEqual({ text: s.label, href: `/subjects/${s.id}/` });
      expect(r[3]).toBe(d.trials.filter((x) => x.subject.id === s.id).length);
      expect(r[3]).toBeGreaterThan(0);
    }
  });

  it("names the boards a subject ranks on, an agent's linked to its harness's board page", () => {
    const t = subjectsTable(d);
    const agent = d.subjects.find((s) => s.kind === 'agent')!;
    const i = t.rows.findIndex((r) => r[0] === agent.id);
    const boards = d.boards.filter((b) => b.rows.some((r) => r.subject === agent.id));
    expect(boards.length).toBeGreaterThan(1);
    expect(t.rows[i]![2]).toBe(boards.map((b) => idOfBoard(b)).join(' '));
    expect(t.cells[i]![2]!.links).toEqual(
      boards.map((b) => ({ text: `${b.revision} · docs ${b.docs}`, href: `/${b.revision}/agents/#${idOfBoard(b)}` })),
    );
    // An agent of another harness: its harness's board, by that board's id.
    const codex = { ...d, subjects: d.subjects.map((s) => (s.id === agent.id ? { ...s, harness: 'codex' } : s)) };
    const c = subjectsTable(codex);
    expect(c.rows[i]![2]).toBe(boards.map((b) => `${idOfBoard(b)}-harness-codex`).join(' '));
    expect(c.cells[i]![2]!.links![0]!.href).toBe(
      `/${boards[0]!.revision}/agents/codex/#${idOfBoard(boards[0]!)}-harness-codex`,
    );
    const lib = t.rows.findIndex((r) => r[1] === 'library');
    expect(t.cells[lib]![2]!.links!.map((l) => l.text)).toContainEqual(expect.stringMatching(/ · (server|client)s$/));
  });

  it('shows a dash for a subject on no board', () => {
    const t = subjectsTable({ ...d, boards: [] });
    expect(t.rows.every((r) => r[2] === '')).toBe(true);
    expect(t.cells.every((c) => c[2]!.text === '—' && !c[2]!.links)).toBe(true);
  });
});
