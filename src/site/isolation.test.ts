// How isolation reads: a row's cell (one kind, or mixed with counts), its download value, the tables that show it, a
// docker trial's container facts, and the methodology's table of kinds. From a synthetic data set whose model-a rows
// mix docker and netns trials and whose other rows ran netns only.
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_SANDBOX } from '../testing/synthetic.ts';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { boardTable } from './boards.ts';
import { scenarioResultsTable, subjectBoardsTable, subjectTrialsTable } from './detail.ts';
import { mib } from './format.ts';
import { leaderTable } from './home.ts';
import { isolationKindsTable } from './isolation-kinds.ts';
import { isolationDisplay, isolationValue, trialIsolationFacts } from './isolation.ts';

const d = syntheticDataset({
  seed: 5,
  subjects: 3,
  k: 2,
  infraErrorRate: 0,
  isolation: ({ subject, scenario, k }) =>
    subject.model === 'model-a' && (k === 1 || scenario.role === 'client') ? 'docker' : 'netns',
});
const board = d.boards.find((b) => b.revision === '2026-07-28' && b.docs === 'none' && b.kind === 'agent')!;
const mixedAt = board.rows.findIndex((r) => r.subject.includes('/model-a/'));
const plainAt = board.rows.findIndex((r) => r.subject.includes('/model-b/'));
const MIXED_TEXT = 'mixed: docker 6 · netns 2';

describe('isolation cells', () => {
  it('names the one kind, with its trials and what it means in the note', () => {
    const one = { kinds: [{ kind: 'docker' as const, trials: 12 }], mixed: false };
    expect(isolationDisplay(one)).toEqual({ text: 'docker', note: 'all 12 trials: own container, no network, limits' });
    expect(isolationValue(one)).toBe('docker:12');
    expect(isolationDisplay({ kinds: [{ kind: 'netns', trials: 1 }], mixed: false }).note).toBe(
      'its one trial: own network namespace, loopback only',
    );
  });

  it('says mixed, with the trials per kind, when a row pools kinds', () => {
    const two = {
      kinds: [
        { kind: 'docker' as const, trials: 12 },
        { kind: 'netns' as const, trials: 3 },
      ],
      mixed: true,
    };
    const cell = isolationDisplay(two);
    expect(cell.text).toBe('mixed: docker 12 · netns 3');
    expect(cell.note).toBe(
      'trials of this row ran under different isolation: 12 trials docker (own container, no network, limits), 3 trials netns (own network namespace, loopback only)',
    );
    expect(isolationValue(two)).toBe('docker:12 netns:3');
  });

  it('shows a dash for a row without trials', () => {
    expect(isolationDisplay({ kinds: [], mixed: false }).text).toBe('—');
    expect(isolationValue({ kinds: [], mixed: false })).toBeNull();
  });
});

describe('tables showing isolation per row', () => {
  const col = (t: { columns: { key: string }[] }) => t.columns.findIndex((c) => c.key === 'isolation');

  it('gives every board row its isolation, says mixed for the mixing row and explains it in a note', () => {
    const t = boardTable(d, board);
    const j = col(t);
    expect(t.columns[j]!.title).toBe(
      'docker: own container, no network, limits; netns: own network namespace, loopback only; none: not isolated',
    );
    expect(t.cells[mixedAt]![j]!.text).toBe(MIXED_TEXT);
    expect(t.rows[mixedAt]![j]).toBe('docker:6 netns:2');
    expect(t.cells[plainAt]![j]!.text).toBe('netns');
    expect(t.notes.some((n) => n.startsWith('mixed: the trials of the row ran under different isolation kinds'))).toBe(
      true,
    );
  });

  it('adds no mixed note to a board whose rows each ran under one kind, and says the one kind once', () => {
    const libs = d.boards.find((b) => b.revision === '2026-07-28' && b.docs === 'none' && b.kind === 'library')!;
    const t = boardTable(d, libs);
    // Every row ran under netns: the column is said once, under the board.
    expect(col(t)).toBe(-1);
    expect(t.notes).toContain('Isolation, every row: netns.');
    expect(t.notes.some((n) => n.startsWith('mixed:'))).toBe(false);
  });

  it("shows the home leader rows' isolation the same way", () => {
    const h = d.stats.highlights.find((x) => x.revision === board.revision)!;
    const l = h.leaders.find((x) => x.kind === 'agent' && x.docs === 'none')!;
    const t = leaderTable(board.revision, l);
    const i = l.rows.findIndex((r) => r.subject === board.rows[mixedAt]!.subject);
    expect(t.cells[i]![col(t)]!.text).toBe(MIXED_TEXT);
    expect(t.notes.some((n) => n.startsWith('mixed:'))).toBe(true);
  });

  it("shows each cell's isolation in a scenario's results and a subject's board positions and trials", () => {
    const s = d.scenarios.find((x) => x.revision === '2026-07-28' && x.role === 'server')!;
    const results = scenarioResultsTable(d, s);
    const subject = board.rows[mixedAt]!.subject;
    const mine = results.rows.flatMap((r, i) => (r[0] === subject ? [results.cells[i]![col(results)]!.text] : []));
    expect(mine).toEqual(['mixed: docker 1 · netns 1', 'mixed: docker 1 · netns 1']);
    const places = subjectBoardsTable(d, subject);
    expect(places.cells.map((c) => c[col(places)]!.text)).toContain(MIXED_TEXT);
    const trials = subjectTrialsTable(d, subject);
    expect(new Set(trials.rows.map((r) => r[col(trials)]))).toEqual(new Set(['docker', 'netns']));
  });
});

describe("a trial's isolation on its page", () => {
  it("lists a docker trial's image, short image id, limits and capabilities", () => {
    const t = d.trials.find((x) => x.isolation === 'docker')!;
    expect(trialIsolationFacts(t)).toEqual([
      { term: 'Isolation', text: 'docker — own container, no network, limits' },
      { term: 'Image', text: 'mcpfs-sandbox:0123456789ab', code: true },
      { term: 'Image id', text: 'sha256:5e5e5e5e5e5e', title: SYNTHETIC_SANDBOX.imageId, code: true },
      { term: 'Limits', text: 'pids 256 · memory 2048 MiB · cpus 2 · /tmp 512 MiB' },
      { term: 'Capabilities', text: 'none' },
    ]);
    const caps = trialIsolationFacts({
      ...t,
      sandbox: { ...SYNTHETIC_SANDBOX, capabilities: ['CHOWN', 'SETUID'] },
    });
    expect(caps.at(-1)).toEqual({ term: 'Capabilities', text: 'CHOWN, SETUID' });
  });

  it('gives other trials their kind alone', () => {
    const t = d.trials.find((x) => x.isolation === 'netns')!;
    expect(trialIsolationFacts(t)).toEqual([
      { term: 'Isolation', text: 'netns — own network namespace, loopback only' },
    ]);
  });

  it('writes bytes as mebibytes with at most one decimal', () => {
    expect([mib(512 * 1024 ** 2), mib(1.5 * 1024 ** 2), mib(1_000_000)]).toEqual(['512 MiB', '1.5 MiB', '1 MiB']);
  });
});

describe('the table of isolation kinds', () => {
  it('puts docker, netns and none side by side: how made, what each hides, limits and cannot stop', () => {
    const t = isolationKindsTable();
    expect(t.columns.map((c) => c.key)).toEqual(['kind', 'made', 'hides', 'limits', 'cannot_stop']);
    expect(t.rows.map((r) => r[0])).toEqual(['docker', 'netns', 'none']);
    const [docker, netns] = t.rows.map((r) => r.join(' '));
    for (const fact of ['--network none', 'Unix-socket relays', '--cap-drop ALL', 'no-new-privileges', 'tmpfs'])
      expect(docker).toContain(fact);
    expect(netns).toContain('No resource limits');
    expect(netns).toContain('fork bomb');
    expect(t.cells.map((c) => c.map((x) => x.text))).toEqual(t.rows);
  });
});
