import { describe, expect, it } from 'vitest';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { judgeOn, override, result, stateless } from './test-logs.ts';
import * as T from './tools-list.ts';

const tools = (...names: string[]) => ({ tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) });

describe('2026-07-28 tools/list judges', () => {
  it('returns PASS for each on a conformant log', () => {
    const all = [T.toolsCapabilityDeclared, T.toolsListCurrent, T.toolsListOrder];
    expect(all.map((j) => judgeOn(j, stateless())).filter((r) => r.verdict !== 'pass')).toEqual([]);
  });

  it('returns FAIL when server/discover declares no tools capability', () => {
    const log = override(stateless(), {
      [STEP.discover]: {
        status: 200,
        json: result('discover-1', { supportedVersions: ['2026-07-28'], capabilities: {} }),
      },
    });
    expect(judgeOn(T.toolsCapabilityDeclared, log).message).toBe(
      'Expected capabilities.tools (an object) in the DiscoverResult, got capabilities {}',
    );
  });

  it('returns FAIL when a tool the server serves is missing from tools/list', () => {
    const log = override(stateless(), { [STEP.toolsListAgain]: { status: 200, json: result(4, tools('add')) } });
    const r = judgeOn(T.toolsListCurrent, log);
    expect(r.verdict).toBe('fail');
    expect(r.message).toBe('Expected tools/list to name every tool the server serves, got ["add"] without ["echo"]');
  });

  it('returns FAIL when the same set comes back in another order, NOT-APPLICABLE when the set changed', () => {
    const shuffled = override(stateless(), {
      [STEP.toolsListAgain]: { status: 200, json: result(4, tools('echo', 'add')) },
    });
    expect(judgeOn(T.toolsListOrder, shuffled).message).toBe(
      'Expected the same order in both tools/list, got ["add","echo"] then ["echo","add"]',
    );
    const grown = override(stateless(), {
      [STEP.toolsListAgain]: { status: 200, json: result(4, tools('add', 'echo', 'calls_1')) },
    });
    expect(judgeOn(T.toolsListOrder, grown).verdict).toBe('not-applicable');
  });

  it('returns FAIL when a listed tool has inputSchema null, PASS for object schemas', () => {
    expect(judgeOn(T.inputSchemaObject, stateless()).verdict).toBe('pass');
    const nulled = override(stateless(), {
      [STEP.toolsList]: {
        status: 200,
        json: result(2, {
          tools: [
            { name: 'add', inputSchema: { type: 'object' } },
            { name: 'echo', inputSchema: null },
          ],
        }),
      },
    });
    expect(judgeOn(T.inputSchemaObject, nulled).message).toBe(
      'Expected every tool\'s inputSchema to be a JSON object, got "echo" with inputSchema null',
    );
  });
});
