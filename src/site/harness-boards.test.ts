import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import type { Dataset } from '../bench/derive/dataset.ts';
import {
  agentPairView,
  ALL_HARNESSES,
  harnessBoard,
  harnessBoardId,
  harnessBoardTable,
  harnessBoardsUrl,
  harnessLinks,
  harnessViews,
  MIXED_NOTE,
} from './harness-boards.ts';
import { harnessLabel, harnessOfId } from './harness-name.ts';
import { homeLeaders, leaderTable } from './home.ts';
import { subjectBoardsTable } from './detail.ts';
import { allTables } from './tables.ts';

const REV = '2025-11-25';
const base = syntheticDataset({ seed: 11, subjects: 4, k: 2 });
/** The synthetic data set with its second agent (in board order) moved to codex. */
function withCodex(d: Dataset): { d: Dataset; codex: string } {
  const board = d.boards.find((b) => b.revision === REV && b.docs === 'none' && b.kind === 'agent')!;
  const codex = board.rows[1]!.subject;
  return {
    codex,
    d: {
      ...d,
      subjects: d.subjects.map((s) => (s.id === codex ? { ...s, harness: 'codex', harnessVersion: '0.9' } : s)),
    },
  };
}
const { d, codex } = withCodex(base);
const agents = d.boards.find((b) => b.revision === REV && b.docs === 'none' && b.kind === 'agent')!;

describe('harness names', () => {
  it('reads harness and version from an agent id, nothing from another kind', () => {
    expect(harnessOfId('agent/claude-code@2.1.0/anthropic/claude-opus-5/high')).toEqual({
      harness: 'claude-code',
      version: '2.1.0',
    });
    expect(harnessLabel('agent/pi@1.6.0/synthetic/m/off')).toBe('pi 1.6.0');
    expect(harnessLabel('library/@x/y@1.0.0')).toBeNull();
    expect(harnessOfId('calibration/oracle')).toBeUndefined();
  });
});

describe('harnessBoard', () => {
  it("keeps pi's rows only on the default board, re-ranked from 1 in derive's order", () => {
    const pi = harnessBoard(d, agents, 'pi');
    expect(pi.rows.map((r) => r.subject)).toEqual(agents.rows.map((r) => r.subject).filter((s) => s !== codex));
    expect(pi.rows.map((r) => r.rank)).toEqual(pi.rows.map((_, i) => i + 1));
    for (const r of pi.rows) expect(r.rankBand.last).toBeLessThanOrEqual(pi.rows.length);
    expect(pi.infraErrors).toBe(pi.rows.reduce((a, r) => a + r.infraErrors, 0));
  });

  it('gives another harness its own board, and all harnesses the board as derive wrote it', () => {
    const c = harnessBoard(d, agents, 'codex');
    expect(c.rows.map((r) => [r.subject, r.rank, r.rankBand])).toEqual([[codex, 1, { first: 1, last: 1 }]]);
    expect(harnessBoard(d, agents, ALL_HARNESSES)).toBe(agents);
    expect(harnessBoard(d, agents, 'opencode').rows).toEqual([]);
  });

  it('leaves library boards alone', () => {
    const lib = d.boards.find((b) => b.kind === 'library' && b.rows.length > 0)!;
    expect(harnessBoard(d, lib, 'pi')).toBe(lib);
  });
});

describe('harness views, ids and links', () => {
  it('offers every known harness (runs or not), then any other the records name, then all', () => {
    const other = {
      ...d,
      subjects: d.subjects.map((s) => (s.id === codex ? { ...s, harness: 'aider' } : s)),
    };
    expect(harnessViews(d, REV)).toEqual(['pi', 'claude-code', 'codex', 'gemini-cli', 'opencode', 'all']);
    expect(harnessViews(other, REV)).toEqual(['pi', 'claude-code', 'codex', 'gemini-cli', 'opencode', 'aider', 'all']);
    // A harness name that is no slug (the subject schema allows any string) gets no page: the all board lists it.
    const hostile = {
      ...d,
      subjects: d.subjects.map((s) => (s.id === codex ? { ...s, harness: '<script>x</script>' } : s)),
    };
    expect(harnessViews(hostile, REV)).toEqual(['pi', 'claude-code', 'codex', 'gemini-cli', 'opencode', 'all']);
  });

  it("keeps the board's own id and page for pi; others get ids and pages of their own", () => {
    expect(harnessBoardId(agents, 'pi')).toBe(`board-${REV}-none-agent`);
    expect(harnessBoardId(agents, 'codex')).toBe(`board-${REV}-none-agent-harness-codex`);
    expect(harnessBoardId(agents, 'all')).toBe(`board-${REV}-none-agent-all`);
    expect(harnessBoardsUrl(REV, 'pi')).toBe(`/${REV}/agents/`);
    expect(harnessBoardsUrl(REV, 'all')).toBe(`/${REV}/agents/all/`);
  });

  it('counts the rows of each view and marks the current one', () => {
    const links = harnessLinks(d, REV, 'codex');
    expect(links.find((l) => l.view === 'codex')).toMatchObject({ rows: 1, current: true });
    expect(links.find((l) => l.view === 'pi')).toMatchObject({ rows: 3, current: false });
    expect(links.find((l) => l.view === 'all')!.rows).toBe(4);
    expect(links.find((l) => l.view === 'gemini-cli')!.rows).toBe(0);
  });
});

describe('harnessBoardTable', () => {
  it('shows a Harness column (name and version) and publishes it', () => {
    const t = harnessBoardTable(d, agents, ALL_HARNESSES);
    const j = t.columns.findIndex((c) => c.key === 'harness');
    expect(t.columns[j]!.label).toBe('Harness');
    const i = t.rows.findIndex((r) => r[0] === codex);
    expect(t.rows[i]![j]).toBe('codex 0.9');
    expect(t.rows.filter((r) => r[j] === 'pi 1.6.0')).toHaveLength(3);
  });

  it('captions the all-harnesses board as a mix, not a like-for-like comparison; pi and codex are not', () => {
    const all = harnessBoardTable(d, agents, ALL_HARNESSES);
    expect(all.caption).toContain('not a like-for-like model comparison');
    expect(all.notes[0]).toBe(MIXED_NOTE);
    const pi = harnessBoardTable(d, agents, 'pi');
    expect(pi.caption).toContain('pi (four tools)');
    expect(pi.caption).not.toContain('like-for-like');
    expect(pi.notes).not.toContain(MIXED_NOTE);
    expect(pi.rowData!.every((r) => r.harness === 'pi')).toBe(true);
  });

  it('registers every view of every agent board as a download', () => {
    const ids = [...allTables(d).keys()];
    for (const v of ['harness-codex', 'harness-opencode', 'all']) expect(ids).toContain(`board-${REV}-full-agent-${v}`);
    expect(ids).toContain(`board-${REV}-none-agent`);
  });
});

describe('agentPairView', () => {
  it('invites a run on an empty pi board, and says "no <harness> runs yet" for another harness', () => {
    const empty = syntheticDataset({ seed: 1, subjects: 0, libraries: 0 });
    const pi = agentPairView(empty, REV, 'pi');
    expect(pi).toMatchObject({ empty: true, invite: true, id: `agent-${REV}` });
    const oc = agentPairView(empty, REV, 'opencode');
    expect(oc).toMatchObject({ empty: true, invite: false, emptyLine: `No opencode runs yet for ${REV}.` });
    expect(oc.boards.map((b) => b.docs)).toEqual(['none', 'full']);
    expect(agentPairView(d, REV, 'codex').empty).toBe(false);
  });
});

describe('home leaders', () => {
  it("narrows agent leaders to pi's rows with pi's ranks, and gives them a Harness column", () => {
    const ls = homeLeaders(d, REV).filter((l) => l.kind === 'agent');
    expect(ls.length).toBeGreaterThan(0);
    for (const l of ls) {
      expect(l.rows.map((r) => r.subject)).not.toContain(codex);
      expect(l.rows.map((r) => r.rank)).toEqual(l.rows.map((_, i) => i + 1));
      const t = leaderTable(REV, l);
      expect(t.caption).toContain('pi (four tools)');
      expect(t.columns.map((c) => c.key)).toContain('harness');
    }
  });

  it('drops an agent leader board with no pi row', () => {
    const allCodex = {
      ...d,
      subjects: d.subjects.map((s) => (s.kind === 'agent' ? { ...s, harness: 'codex' } : s)),
    };
    expect(homeLeaders(allCodex, REV).filter((l) => l.kind === 'agent')).toEqual([]);
  });
});

describe("a subject's board positions", () => {
  it("ranks an agent on its harness's board and links that board's page", () => {
    const t = subjectBoardsTable(d, codex);
    const rank = t.columns.findIndex((c) => c.key === 'rank');
    const of = t.columns.findIndex((c) => c.key === 'of');
    expect(t.rows.every((r) => r[rank] === 1 && r[of] === 1)).toBe(true);
    expect(t.cells[0]![0]!.href).toMatch(
      new RegExp(`^/${REV}/agents/codex/#board-${REV}-(none|full)-agent-harness-codex$`),
    );
    const pi = subjectBoardsTable(d, agents.rows[0]!.subject);
    expect(pi.rows.every((r) => r[of] === 3)).toBe(true);
  });
});
