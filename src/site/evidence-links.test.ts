import { describe, expect, it } from 'vitest';
import type { LibraryFailureRow } from '../bench/schema/library-view.ts';
import { failureEvidence } from './evidence-links.ts';
import { failureCards, failuresInOrder } from './failure-cards.ts';

const REPO = 'https://github.com/o/r';
const COMMIT = 'c'.repeat(40);
const row: LibraryFailureRow = {
  revision: '2025-11-25',
  role: 'server',
  scenario: 'streaming',
  subject: 'library/x-mcp@1.0.0',
  label: 'x-mcp 1.0.0',
  checkpoint: 'sse-priming-event-first',
  level: 'SHOULD',
  sentence: '251125-transports-106',
  verdict: 'fail',
  message: 'no priming event',
  strict: null,
  consequenceOf: null,
  glue: 'libraries/x-mcp/server.ts',
  trial: 't1',
  evidence: {
    transcript: 'x-mcp/streaming/a.txt',
    command: 'bash x-mcp/streaming/a.sh',
    expect: 'x',
    status: 'confirmed',
    note: 'n',
    review: { class: 'violation', reason: 'r' },
    file: 'libraries/evidence/x-mcp/streaming/a.txt',
    script: 'libraries/evidence/x-mcp/streaming/a.sh',
    text: 'x',
  },
};

describe("a failing library verdict's evidence links", () => {
  it('link the transcript, the script and the glue at the commit, and the transcript on the evidence page', () => {
    const e = failureEvidence(row, REPO, COMMIT);
    expect(e.links.map((l) => [l.label, l.href])).toEqual([
      ['transcript', `${REPO}/blob/${COMMIT}/libraries/evidence/x-mcp/streaming/a.txt`],
      ['script', `${REPO}/blob/${COMMIT}/libraries/evidence/x-mcp/streaming/a.sh`],
      ['glue', `${REPO}/blob/${COMMIT}/libraries/x-mcp/server.ts`],
    ]);
    expect(e.listHref).toMatch(/\/methodology\/libraries\/2025-11-25\/#evidence-/);
  });

  it('keep the paths without a repository URL, and link only the glue without raw evidence', () => {
    expect(failureEvidence(row, undefined, COMMIT).links.map((l) => [l.path, l.href])).toEqual([
      ['libraries/evidence/x-mcp/streaming/a.txt', undefined],
      ['libraries/evidence/x-mcp/streaming/a.sh', undefined],
      ['libraries/x-mcp/server.ts', undefined],
    ]);
    const bare = failureEvidence({ ...row, evidence: null }, REPO, COMMIT);
    expect(bare.links.map((l) => l.label)).toEqual(['glue']);
    expect(bare.listHref).toBeUndefined();
  });
});

describe('failure cards', () => {
  it('put scored failures first, MUST before SHOULD, consequences last', () => {
    const should = row;
    const must = { ...row, checkpoint: 'z-must', level: 'MUST' as const };
    const consequence = { ...row, checkpoint: 'a-consequence', level: 'MUST' as const, consequenceOf: 'z-must' };
    expect(failuresInOrder([consequence, should, must]).map((f) => f.checkpoint)).toEqual([
      'z-must',
      'sse-priming-event-first',
      'a-consequence',
    ]);
  });

  it("link the trial's verdict row and carry the evidence; a checkpoint no scenario has keeps its slug as the title", () => {
    const [c] = failureCards([row], [], REPO, COMMIT);
    expect(c!.trialHref).toBe('/trials/t1/#v-sse-priming-event-first');
    expect(c!.scenarioTitle).toBe('streaming');
    expect(c!.sentence).toBeUndefined();
    expect(c!.evidence.links).toHaveLength(3);
  });
});
