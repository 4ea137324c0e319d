import { describe, expect, it } from 'vitest';
import { derive, serializeDataset } from './derive.ts';
import {
  calibrationFiles,
  calibrationSubject,
  fixtureRegistry,
  fixtureScenario,
  scenarioFile,
  trialFiles,
} from './test-fixtures.ts';

/** A corpus with two scenarios, both docs axes, an agent with k = 3 and an infra-error. */
function corpus(): Map<string, string> {
  const second = fixtureScenario('fixture-echo-two');
  const files = new Map([...calibrationFiles({ k: 2 }), ...calibrationFiles({ scenario: second })]);
  const agent = { kind: 'agent' as const, id: 'agent/pi@1.6.0/test/model/high', label: 'pi · test/model · high' };
  for (const docs of ['none', 'full'] as const) {
    for (let k = 1; k <= 3; k++) {
      const t = trialFiles({
        subject: agent,
        docs,
        k,
        behaviour: k === 2 ? { contentType: 'text/plain' } : {},
        infraReason: k === 3 && docs === 'full' ? 'agent timed out before the probe' : undefined,
      });
      for (const [p, text] of t.files) files.set(p, text);
    }
  }
  return files;
}
const scenarios = () => [scenarioFile(), scenarioFile(fixtureScenario('fixture-echo-two'))];
const shuffled = <T>(xs: T[], seed: number): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

describe('derive determinism', () => {
  it('serialises the same input to byte-identical output', () => {
    const a = derive({ scenarios: scenarios(), results: corpus(), judges: fixtureRegistry() });
    const b = derive({ scenarios: scenarios(), results: corpus(), judges: fixtureRegistry() });
    expect(a.problems).toEqual([]);
    expect(serializeDataset(b.dataset!)).toBe(serializeDataset(a.dataset!));
  });

  it('gives byte-identical output whatever order the files were read in', () => {
    const ref = serializeDataset(
      derive({ scenarios: scenarios(), results: corpus(), judges: fixtureRegistry() }).dataset!,
    );
    for (const seed of [1, 2, 3]) {
      const results = new Map(shuffled([...corpus()], seed));
      const out = derive({ scenarios: shuffled(scenarios(), seed), results, judges: fixtureRegistry() });
      expect(serializeDataset(out.dataset!)).toBe(ref);
    }
  });

  it('gives byte-identical output when record keys are written in another order', () => {
    const ref = serializeDataset(
      derive({ scenarios: scenarios(), results: corpus(), judges: fixtureRegistry() }).dataset!,
    );
    const reversed = new Map(
      [...corpus()].map(([p, t]) => [
        p,
        p.endsWith('.json') ? JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(t)).reverse())) : t,
      ]),
    );
    expect(
      serializeDataset(derive({ scenarios: scenarios(), results: reversed, judges: fixtureRegistry() }).dataset!),
    ).toBe(ref);
  });

  it('excludes infra-error trials from cells but keeps them listed', () => {
    const d = derive({ scenarios: scenarios(), results: corpus(), judges: fixtureRegistry() }).dataset!;
    const cell = d.cells.find(
      (c) => c.subject.startsWith('agent/') && c.docs === 'full' && c.scenario === 'fixture-echo',
    )!;
    expect(cell.trials).toHaveLength(3);
    expect(cell.cell).toMatchObject({ k: 2, infraErrors: 1, mean: 0.5 });
  });

  it('orders board rows complete first, then by score', () => {
    const d = derive({ scenarios: scenarios(), results: corpus(), judges: fixtureRegistry() }).dataset!;
    const board = d.boards.find((b) => b.revision === '2025-11-25' && b.docs === 'none' && b.kind === 'calibration')!;
    const scores = board.rows.map((r) => r.overall.mean);
    expect(board.rows[0]!.subject).toBe('calibration/oracle');
    expect(scores).toEqual([...scores].sort((a, b) => (b ?? -1) - (a ?? -1)));
  });
});
