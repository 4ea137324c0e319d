import { describe, expect, it } from 'vitest';
import type { Verdict } from '../schema/verdict.ts';
import { scoreTrial } from '../scoring/score.ts';
import { attribute, scoreDerivation } from './attribution.ts';
import { exchangeViews } from './exchanges.ts';
import { hostileWireLog, piSession } from './fixtures.ts';
import { transcriptView } from './transcript.ts';

const v = (checkpoint: string, level: Verdict['level'], verdict: Verdict['verdict'], evidence: number[]): Verdict => ({
  checkpoint,
  spec: null,
  level,
  verdict,
  evidence,
  message: `${checkpoint} message`,
});
const log = hostileWireLog();
const exchanges = exchangeViews(log, []);

describe('attribute', () => {
  it('names the failed MUST whose evidence comes first on the wire, not the first in verdict order', () => {
    const a = attribute({
      status: 'completed',
      perspective: 'prober',
      verdicts: [
        v('late', 'MUST', 'fail', [5]),
        v('should', 'SHOULD', 'fail', [0]),
        v('early', 'MUST', 'fail', [2, 4]),
      ],
      exchanges,
    });
    expect(a.firstMustFailed).toMatchObject({ checkpoint: 'early', x: 2 });
    expect(a.headline).toContain('early at exchange #2');
  });

  it('says the endpoint came up when some request got a response', () => {
    expect(attribute({ status: 'completed', perspective: 'prober', verdicts: [], exchanges }).endpointUp.value).toBe(
      'yes',
    );
  });

  it('says the endpoint never came up when every request failed, with the first error', () => {
    const down = exchanges.filter((e) => e.error);
    const a = attribute({
      status: 'completed',
      perspective: 'prober',
      verdicts: [v('t', 'MUST', 'fail', [5])],
      exchanges: down,
    });
    expect(a.endpointUp.value).toBe('no');
    expect(a.endpointUp.why).toContain('ECONNRESET');
    expect(a.headline).toMatch(/^The subject never answered/);
  });

  it("says in the client role whether the agent's client reached the reference server", () => {
    expect(
      attribute({ status: 'completed', perspective: 'reference', verdicts: [], exchanges: [] }).endpointUp.value,
    ).toBe('no');
  });

  it('reads from the transcript whether the agent finished', () => {
    const t = transcriptView(piSession());
    expect(attribute({ status: 'completed', verdicts: [], exchanges, transcript: t }).agentFinished.value).toBe('yes');
    const cut = transcriptView(piSession().slice(0, -1));
    const a = attribute({ status: 'completed', verdicts: [], exchanges, transcript: cut });
    expect(a.agentFinished.value).toBe('no');
    expect(a.agentFinished.why).toContain('toolUse');
    expect(attribute({ status: 'completed', verdicts: [], exchanges }).agentFinished.value).toBe('unknown');
  });

  it('puts an infra error first, with its reason, and names no MUST', () => {
    const a = attribute({ status: 'infra-error', infraReason: 'sandbox died', verdicts: [], exchanges: [] });
    expect(a.infra).toEqual({ value: true, reason: 'sandbox died' });
    expect(a.firstMustFailed).toBeUndefined();
    expect(a.headline).toContain('sandbox died');
  });
});

describe('scoreDerivation', () => {
  it('explains a zero by the failed MUSTs', () => {
    const lines = scoreDerivation(scoreTrial([v('a', 'MUST', 'fail', []), v('b', 'SHOULD', 'pass', [])]));
    expect(lines[0]).toContain('Score 0');
    expect(lines[0]).toContain('a');
  });

  it('explains a fraction by the SHOULD tally and keeps MAY apart', () => {
    const lines = scoreDerivation(
      scoreTrial([
        v('a', 'MUST', 'pass', []),
        v('b', 'SHOULD', 'pass', []),
        v('c', 'SHOULD', 'fail', []),
        v('d', 'MAY', 'pass', []),
      ]),
    );
    expect(lines[0]).toContain('1/2 = 0.500');
    expect(lines[2]).toContain('MAY: 1 of 1');
  });

  it('says an unscored trial is not scored', () => {
    expect(scoreDerivation(null)[0]).toContain('Not scored');
  });
});
