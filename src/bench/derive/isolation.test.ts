// Trials per isolation kind behind each row: the tally itself, and over a whole synthetic tree in which one agent's
// rows mix docker and netns trials, another ran docker only and the rest netns (counts worked out from the tree).
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_SANDBOX } from '../../testing/synthetic.ts';
import { syntheticDataset } from '../../testing/synthetic-dataset.ts';
import { isolationTally } from './isolation.ts';

describe('isolationTally', () => {
  it('counts trials per kind, most first then by kind, and says mixed only for more than one kind', () => {
    const of = (...kinds: ('docker' | 'netns' | 'none')[]) => isolationTally(kinds.map((isolation) => ({ isolation })));
    expect(of('netns', 'docker', 'docker', 'none', 'docker', 'netns')).toEqual({
      kinds: [
        { kind: 'docker', trials: 3 },
        { kind: 'netns', trials: 2 },
        { kind: 'none', trials: 1 },
      ],
      mixed: true,
    });
    expect(of('netns', 'docker')).toEqual({
      kinds: [
        { kind: 'docker', trials: 1 },
        { kind: 'netns', trials: 1 },
      ],
      mixed: true,
    });
    expect(of('docker', 'docker')).toEqual({ kinds: [{ kind: 'docker', trials: 2 }], mixed: false });
    expect(of()).toEqual({ kinds: [], mixed: false });
  });
});

describe('isolation over a derived data set', () => {
  // model-a: k1 under docker, k2 under netns on server scenarios only; model-b: docker only; the rest: netns.
  const d = syntheticDataset({
    seed: 5,
    subjects: 3,
    libraries: 1,
    scenarios: 2,
    k: 2,
    infraErrorRate: 0,
    isolation: ({ subject, scenario, k }) =>
      subject.model === 'model-a'
        ? k === 1 || scenario.role === 'client'
          ? 'docker'
          : 'netns'
        : subject.model === 'model-b'
          ? 'docker'
          : 'netns',
  });
  const board = d.boards.find((b) => b.revision === '2026-07-28' && b.docs === 'none' && b.kind === 'agent')!;
  const row = (model: string) => board.rows.find((r) => r.subject.includes(`/${model}/`))!;

  it('gives a board row mixing docker and netns trials its counts per kind and the mixed flag', () => {
    // 2 client + 2 server scenarios, k = 2: docker on 2 × 2 client trials + 2 server k1 = 6, netns on 2 server k2.
    expect(row('model-a').isolation).toEqual({
      kinds: [
        { kind: 'docker', trials: 6 },
        { kind: 'netns', trials: 2 },
      ],
      mixed: true,
    });
  });

  it('gives a row of one kind that kind with all its trials, not mixed', () => {
    expect(row('model-b').isolation).toEqual({ kinds: [{ kind: 'docker', trials: 8 }], mixed: false });
    // The last agent runs k = 1: 4 trials.
    expect(row('model-c').isolation).toEqual({ kinds: [{ kind: 'netns', trials: 4 }], mixed: false });
  });

  it('counts every trial of the row, whatever its status, as the cells do', () => {
    for (const b of d.boards)
      for (const r of b.rows) {
        const cells = d.cells.filter(
          (c) =>
            c.revision === b.revision && c.docs === b.docs && c.subject === r.subject && (!b.role || c.role === b.role),
        );
        const sum = r.isolation.kinds.reduce((a, k) => a + k.trials, 0);
        expect(sum, `${b.revision}/${b.docs}/${r.subject}`).toBe(cells.reduce((a, c) => a + c.trials.length, 0));
      }
  });

  it('tallies cells and checkpoint groups the same way', () => {
    const cells = d.cells.filter((c) => c.subject === row('model-a').subject && c.docs === 'none');
    expect(cells.filter((c) => c.role === 'server').map((c) => c.isolation)).toEqual(
      Array(4).fill({
        kinds: [
          { kind: 'docker', trials: 1 },
          { kind: 'netns', trials: 1 },
        ],
        mixed: true,
      }),
    );
    expect(cells.filter((c) => c.role === 'client').every((c) => !c.isolation.mixed)).toBe(true);
    const tally = d.stats.tallies.find((t) => t.subject === row('model-a').subject && t.role === 'server')!;
    expect(tally.isolation.mixed).toBe(true);
    const lib = d.stats.tallies.find((t) => t.subject.startsWith('library/'))!;
    expect(lib.isolation).toEqual({ kinds: [{ kind: 'netns', trials: lib.completed }], mixed: false });
  });

  it("gives the home page's leader rows the board row's figures", () => {
    const h = d.stats.highlights.find((x) => x.revision === board.revision)!;
    const leaders = h.leaders.find((l) => l.kind === 'agent' && l.docs === 'none')!;
    for (const l of leaders.rows)
      expect(l.meta.isolation).toEqual(board.rows.find((r) => r.subject === l.subject)!.isolation);
    expect(leaders.rows.some((l) => l.meta.isolation.mixed)).toBe(true);
  });

  it("carries a docker trial's sandbox block into its trial row, and none for other kinds", () => {
    const docker = d.trials.filter((t) => t.isolation === 'docker');
    expect(docker.length).toBeGreaterThan(0);
    for (const t of docker) expect(t.sandbox).toEqual(SYNTHETIC_SANDBOX);
    expect(d.trials.filter((t) => t.isolation !== 'docker').every((t) => t.sandbox === undefined)).toBe(true);
  });
});
