import { describe, expect, it } from 'vitest';
import { BenchError } from './problems.ts';
import { jsonText, McpfsError, thrownText, UnknownScenarioError } from './errors.ts';

describe('McpfsError', () => {
  it('names every subclass after its class and keeps hint and cause', () => {
    const cause = new Error('root');
    const e = new McpfsError('what failed: GET http://127.0.0.1/mcp', { cause, hint: 'start the server first' });
    expect([e.name, e.hint, e.cause]).toEqual(['McpfsError', 'start the server first', cause]);
    const u = new UnknownScenarioError('2025-11-25', 'nope', ['a', 'b'], 'server probe plan');
    expect([u.name, u.message, u instanceof McpfsError]).toEqual([
      'UnknownScenarioError',
      'no 2025-11-25 server probe plan for scenario "nope"; known: a, b',
      true,
    ]);
    expect(new BenchError([]) instanceof McpfsError).toBe(true);
  });
});

describe('thrownText and jsonText', () => {
  it('describe whatever was thrown without pretending it is an Error', () => {
    expect(thrownText(null)).toBe('null');
    expect(thrownText('x'.repeat(500), 10)).toBe('xxxxxxxxxx');
    expect(thrownText(new Error('boom'))).toContain('Error: boom');
  });

  it('return undefined where JSON.stringify does, despite its type', () => {
    expect([jsonText(undefined), jsonText(() => 1), jsonText({ a: 1 })]).toEqual([undefined, undefined, '{"a":1}']);
  });
});
