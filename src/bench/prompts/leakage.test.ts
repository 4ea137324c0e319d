import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenarioFiles } from '../../harness/io/load.ts';
import { checkScenarios } from '../derive/scenarios.ts';
import { fixtureScenario, scenarioFile } from '../derive/test-fixtures.ts';
import { formatProblem } from '../problems.ts';
import type { Scenario } from '../schema/scenario.ts';
import { checkLeaks, scenarioVocabulary } from './leakage.ts';

const PATH = 'scenarios/2025-11-25/server/fixture-echo.json';
/** The fixture scenario with a session checkpoint that grades a 404 and the MCP-Session-Id header. */
function scenario(over: Partial<Scenario> = {}): Scenario {
  const s = fixtureScenario();
  s.checkpoints.push({
    slug: 'session-terminated-returns-404',
    kind: 'spec',
    level: 'MUST',
    spec: {
      id: '251125-transports-211',
      file: 'f.mdx',
      line: 211,
      quote: 'it **MUST** respond to requests containing that session ID with HTTP 404 Not Found.',
    },
    rule: 'After DELETE of a session, a request with its MCP-Session-Id gets 404',
  });
  return { ...s, ...over };
}
const problems = (s: Scenario) => checkLeaks(PATH, s).problems.map(formatProblem);

describe('checkLeaks', () => {
  it('passes a prompt that names the feature in task words', () => {
    expect(
      problems(scenario({ prompt: 'The server keeps a session per client; clients can end their session.' })),
    ).toEqual([]);
  });

  it('fails on a token in the prompt, naming file, field, token and checkpoint', () => {
    expect(problems(scenario({ prompt: 'Answer a request for an ended session with 404.' }))).toEqual([
      `${PATH}: prompt: gives away "404" (http-status, graded by session-terminated-returns-404)\n  hint: state the task, not the grade: name the feature in task words, or list the token in "leakAllowed" with a one-line reason`,
    ]);
  });

  it('checks requires and tool descriptions too, and says where else the token occurs', () => {
    const s = scenario({
      requires: ['echo the MCP-Session-Id'],
      tools: [{ name: 'echo', description: 'Echoes; knows the mcp-session-id', inputSchema: {} }],
    });
    expect(checkLeaks(PATH, s).problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'requires[0]: gives away "MCP-Session-Id" (header, graded by session-terminated-returns-404); also in tools[0].description',
    ]);
  });

  it('fails on a prompt that copies the cited sentence', () => {
    const out = problems(
      scenario({ prompt: 'Note: It MUST respond to requests containing that session ID with HTTP 404 Not Found' }),
    );
    expect(out.map((l) => l.split('\n')[0])).toEqual([
      `${PATH}: prompt: gives away "404" (http-status, graded by session-terminated-returns-404)`,
      `${PATH}: prompt: gives away "it must respond to requests containing that session id with http 404 not found" (sentence, graded by session-terminated-returns-404)`,
    ]);
  });

  it('accepts a listed token, and reports it as allowed', () => {
    const s = scenario({
      prompt: 'The 404 page of the tool is its own business.',
      leakAllowed: [{ token: '404', reason: 'the tool text names it' }],
    });
    const r = checkLeaks(PATH, s);
    expect(r.problems).toEqual([]);
    expect(r.hits.map((h) => [h.token, h.allowed])).toEqual([['404', true]]);
  });

  it('fails on a stale allowance, a duplicate, and a blank reason', () => {
    const s = scenario({
      prompt: 'Nothing to see.',
      leakAllowed: [
        { token: '404', reason: 'was named once' },
        { token: 'DELETE', reason: ' ' },
        { token: 'delete', reason: 'twice' },
      ],
    });
    expect(checkLeaks(PATH, s).problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'leakAllowed[0].token: stale allowance: "404" is not a give-away token found in this scenario\'s texts',
      'leakAllowed[1].token: stale allowance: "DELETE" is not a give-away token found in this scenario\'s texts',
      'leakAllowed[1].reason: an allowance needs a one-line reason',
      'leakAllowed[2].token: "delete" is listed twice',
      'leakAllowed[2].token: stale allowance: "delete" is not a give-away token found in this scenario\'s texts',
    ]);
  });

  it('never allows the cited sentence itself', () => {
    const quote = 'it must respond to requests containing that session id with http 404 not found';
    const s = scenario({
      prompt: quote,
      leakAllowed: [
        { token: '404', reason: 'x' },
        { token: quote, reason: 'x' },
      ],
    });
    expect(checkLeaks(PATH, s).problems.map((p) => p.field)).toEqual(['prompt', 'leakAllowed[1].token']);
  });

  it('treats tool and parameter names as vocabulary', () => {
    expect(
      scenarioVocabulary({
        tools: [
          {
            name: 'slow_square',
            description: 'd',
            inputSchema: {
              type: 'object',
              properties: { x: { type: 'number' }, opts: { type: 'object', properties: { delayMs: {} } } },
            },
          },
        ],
      }),
    ).toEqual(['slow_square', 'x', 'opts', 'delayMs']);
  });
});

describe('the scenario schema on allowances', () => {
  it('rejects an allowance without a reason, path-first', () => {
    const s = { ...fixtureScenario(), leakAllowed: [{ token: '404', reason: '  ' }] };
    expect(checkScenarios([scenarioFile(s)]).problems.map(formatProblem)).toEqual([
      `${PATH}: leakAllowed[0].reason: must say why the prompt names this token`,
    ]);
  });
});

// The committed scenarios: prompts state the task, not the grade.
describe('committed scenario prompts', () => {
  const { scenarios, problems: load } = checkScenarios(loadScenarioFiles(process.cwd()));
  // Counted from the folders independently of the loader, so a file the loader skipped fails here.
  const onDisk = ['2025-11-25', '2026-07-28'].flatMap((r) =>
    ['server', 'client'].flatMap((role) =>
      readdirSync(`scenarios/${r}/${role}`)
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${r}/${role}/${f}`),
    ),
  );
  // Issue 16: a gradient of at least six scenarios per revision × role, from a first exchange to the hardest features.
  it('has at least six scenarios per revision × role', () => {
    const cells = new Map<string, number>();
    for (const f of onDisk)
      cells.set(f.split('/').slice(0, 2).join('/'), (cells.get(f.split('/').slice(0, 2).join('/')) ?? 0) + 1);
    expect([...cells].filter(([, n]) => n < 6)).toEqual([]);
    expect(cells.size).toBe(4);
  });
  it(`load without problems (every one of the ${onDisk.length} scenario files)`, () => {
    expect(load.map(formatProblem)).toEqual([]);
    expect(scenarios.size).toBe(onDisk.length);
  });
  for (const [key, s] of scenarios) {
    it(`${key}: names no give-away token it does not list, and lists none it does not name`, () => {
      const r = checkLeaks(`scenarios/${key}.json`, s);
      const found = r.hits.map((h) => `${h.token}${h.allowed ? ' (allowed)' : ''} [${h.where.join(', ')}]`);
      console.log(`${key}: ${r.hits.length} give-away token(s) found${found.length ? `: ${found.join('; ')}` : ''}`);
      expect(r.problems.map(formatProblem)).toEqual([]);
    });
  }
});
