import { describe, expect, it } from 'vitest';
import type { Verdict } from '../schema/verdict.ts';
import { scoreTrial } from '../scoring/score.ts';
import { attribute, causeOf, scoreDerivation } from './attribution.ts';
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
  it('names the failed MUST whose cause comes first on the wire, not the first in verdict order', () => {
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
    // Messages that name no exchange list context first, the offender last: early's cause is #4, late's #5.
    expect(a.firstMustFailed).toMatchObject({ checkpoint: 'early', x: 4 });
    expect(a.headline).toContain('early at exchange #4');
  });

  // The verdicts of results/2025-11-25/client/session-expiry/none/library/@modelcontextprotocol/sdk@1.32.2/k1.json:
  // get_secret at #3, the session expired, submit_answer at #4 got 404 and the SDK never re-initialized.
  const sdkSessionExpiry: Verdict[] = [
    {
      checkpoint: 'task-secret-submitted',
      spec: null,
      level: 'MUST',
      verdict: 'fail',
      evidence: [3, 4],
      message: 'submit_answer (x4) carried the secret but got no successful result',
    },
    {
      checkpoint: 'session-id-echoed',
      spec: '251125-transports-206',
      level: 'MUST',
      verdict: 'pass',
      evidence: [1, 2, 3, 4],
      message: 'all 4 requests after initialization echo the issued MCP-Session-Id',
    },
    {
      checkpoint: 'session-reinitialize-after-404',
      spec: '251125-transports-213',
      level: 'MUST',
      verdict: 'fail',
      evidence: [4],
      message: 'after 404 on POST x4 the client sent no new initialize',
    },
  ];

  it('points the SDK session-expiry failure at #4, where the 404 went unanswered, not at get_secret (#3)', () => {
    const a = attribute({ status: 'completed', perspective: 'reference', verdicts: sdkSessionExpiry, exchanges });
    // Both failed MUSTs are caused at #4; the broken rule goes before the task that failed because of it.
    expect(a.firstMustFailed).toMatchObject({ checkpoint: 'session-reinitialize-after-404', x: 4 });
    expect(a.headline).toBe(
      'First MUST failure: session-reinitialize-after-404 at exchange #4: after 404 on POST x4 the client sent no new initialize',
    );
  });

  it('takes the exchange a message names first, else the last of the evidence', () => {
    expect(causeOf(sdkSessionExpiry[0]!)).toBe(4);
    // Offender named first, context after it (session-id-echoed's shape).
    expect(causeOf({ evidence: [5, 1], message: 'tools/call x5 has no MCP-Session-Id, issued "a" (x1)' })).toBe(5);
    // A named exchange outside the evidence is not the cause.
    expect(causeOf({ evidence: [2, 7], message: 'x9 was never answered' })).toBe(7);
    expect(causeOf({ evidence: [], message: 'x1' })).toBeUndefined();
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

  it('says what finishing means for a library or calibration subject, from the runner notes, not "unknown"', () => {
    const base = { status: 'completed', verdicts: [], exchanges } as const;
    const lib = attribute({
      ...base,
      subjectKind: 'library',
      role: 'client',
      runnerNotes: ['runner: trial t1: library/x@1', 'runner: agent exited (code 1)'],
    }).agentFinished;
    expect(lib).toMatchObject({ label: 'Library client finished', value: 'yes' });
    expect(lib.why).toBe(
      "the library's client program exited with code 1; our glue drives the library the way its README shows; there is no agent session",
    );
    const server = attribute({
      ...base,
      subjectKind: 'library',
      role: 'server',
      runnerNotes: ['runner: port 39377 listening; probing'],
    }).agentFinished;
    expect(server).toMatchObject({ label: 'Library server started', value: 'yes' });
    expect(server.why).toContain('listened on port 39377 and was left running for the prober');
    const nul = attribute({
      ...base,
      subjectKind: 'calibration',
      role: 'server',
      runnerNotes: ['runner: nothing listened on port 4000; probing anyway'],
    }).agentFinished;
    expect(nul).toMatchObject({ label: 'Calibration server started', value: 'no' });
    const oracle = attribute({
      ...base,
      subjectKind: 'calibration',
      role: 'client',
      runnerNotes: ['runner: reference scenario finished'],
    }).agentFinished;
    expect(oracle).toMatchObject({ label: 'Calibration client finished', value: 'yes' });
    expect(oracle.why).toContain('there is no agent session');
    // pi + a scripted model is a calibration subject with a transcript: it is read as an agent.
    const pi = attribute({
      ...base,
      subjectKind: 'calibration',
      role: 'client',
      transcript: transcriptView(piSession()),
    });
    expect(pi.agentFinished).toMatchObject({ label: 'Agent finished', value: 'yes' });
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
