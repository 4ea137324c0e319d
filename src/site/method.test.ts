import { describe, expect, it } from 'vitest';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { harnessMethod, priceTable, uncertaintyMethod } from './method.ts';
import { AGENT_HARNESSES, DEFAULT_HARNESS } from './harness-boards.ts';

const d = syntheticDataset({ seed: 3, subjects: 1 });

describe('uncertainty method for the methodology page', () => {
  it('states the constants derive used: resamples, confidence, minimum k, pass^k and the price date', () => {
    const text = uncertaintyMethod(d)
      .map((x) => `${x.term}: ${x.text}`)
      .join('\n');
    expect(text).toContain(`${d.method.bootstrap.resamples} resamples`);
    expect(text).toContain('95% interval');
    expect(text).toContain(`fewer than ${d.method.minK} completed trials`);
    expect(text).toContain(`C(passed, ${d.method.passHatK}) / C(k, ${d.method.passHatK})`);
    expect(text).toContain(`price table of ${d.method.prices.asOf}`);
  });

  it('lists every priced model with its prices, date and a link to its source', () => {
    const t = priceTable(d);
    expect(t.rows.map((r) => r[0])).toEqual(d.method.prices.models.map((m) => m.model));
    expect(t.cells.every((c) => c[6]!.href?.startsWith('https://'))).toBe(true);
    expect(t.cells.every((c) => c.length === t.columns.length)).toBe(true);
  });
});

describe('agent harnesses and the model proxy', () => {
  const text = harnessMethod(AGENT_HARNESSES, DEFAULT_HARNESS)
    .map((x) => `${x.term}: ${x.text}`)
    .join('\n');
  it('names pi with four tools the default and ranked comparison, every other harness a column and a filter', () => {
    expect(text).toContain(
      'pi with four tools (read, write, edit, bash) is the default board and the ranked model comparison',
    );
    expect(text).toContain('claude-code, codex, gemini-cli, opencode are a column and a filter');
    expect(text).toContain('not a like-for-like model comparison');
  });
  it('says no credential enters the sandbox, usage is measured at the proxy, a budget ends the session', () => {
    expect(text).toContain(
      "Where the subject was not given it (pi's sandbox, where only pi's bash runs, and the cheater) it is also a canary",
    );
    expect(text).toContain('measured at the model proxy, not reported by the harness');
    expect(text).toContain('the trial is judged as it stands');
  });
  it('labels usage measured or reported in the cost definitions', () => {
    const u = uncertaintyMethod(d).find((x) => x.term.startsWith('Usage'))!;
    expect(u.text).toContain('measured at the model proxy');
    expect(u.text).toContain('reported by the harness');
  });
});
