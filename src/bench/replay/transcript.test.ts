import { describe, expect, it } from 'vitest';
import { piSession, HOSTILE } from './fixtures.ts';
import { contentText, transcriptView, TOOL_TEXT_LIMIT } from './transcript.ts';

describe('transcriptView', () => {
  const v = transcriptView(piSession());

  it('reads the session header', () => {
    expect(v.session).toMatchObject({ id: 'sess-1', cwd: '/workspace', version: 3 });
  });

  it('makes one turn per user and assistant message, numbered from 1 with t-<n> anchors', () => {
    expect(v.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
    ]);
    expect(v.turns[0]!.anchor).toBe('t-1');
    expect(v.turns[0]!.text[0]).toContain(HOSTILE.script);
  });

  it('attaches each tool result to its call and classifies read, write, edit and bash', () => {
    const calls = v.turns.flatMap((t) => t.toolCalls);
    expect(calls.map((c) => c.kind)).toEqual(['read', 'write', 'edit', 'edit', 'bash']);
    expect(calls[0]).toMatchObject({ path: 'TASK.md', result: { isError: false } });
    expect(calls[1]!.content).toContain('node:http');
    expect(calls[4]!.command).toContain('node server.mjs');
    expect(calls[4]!.result?.isError).toBe(true);
  });

  it('shows both edit argument shapes as diffs', () => {
    const edits = v.turns.flatMap((t) => t.toolCalls).filter((c) => c.kind === 'edit');
    expect(edits[0]!.diffs![0]!.filter((l) => l.op === '+').map((l) => l.text)).toEqual([
      'const a = 2;',
      `const js = "${HOSTILE.js}";`,
    ]);
    expect(edits[1]!.diffs).toEqual([
      [
        { op: '-', text: 'const a = 2;' },
        { op: '+', text: 'const a = 3;' },
      ],
    ]);
  });

  it('keeps thinking, usage per turn, model and stop reason', () => {
    const first = v.turns[1]!;
    expect(first.thinking[0]).toContain('read TASK.md');
    expect(first.usage).toEqual({ input: 1000, output: 100, cacheRead: 10, cacheWrite: 0, costUsd: 0.01 });
    expect(first.model).toBe('scripted/scripted-1');
    expect(v.turns.at(-1)!.stopReason).toBe('stop');
  });

  it('totals tokens, cost, tool calls and tool errors', () => {
    expect(v.totals).toMatchObject({ input: 21000, output: 2100, toolCalls: 5, toolErrors: 1 });
    expect(v.totals.costUsd).toBeCloseTo(0.21);
  });

  it('tolerates unknown entries and counts them', () => {
    expect(v.skipped).toEqual({ model_change: 1, custom: 1 });
    const w = transcriptView([
      { type: 'brand-new-entry', x: 1 },
      { type: 'message', message: { role: 'alien', content: 'hi' } },
      { type: 'message', message: 'garbage' },
    ]);
    expect(w.turns.map((t) => t.role)).toEqual(['alien']);
    expect(w.skipped).toEqual({ 'brand-new-entry': 1, message: 1 });
  });

  it('counts entry types named like Object properties as plain names', () => {
    const w = transcriptView([
      { type: 'constructor' },
      { type: '__proto__' },
      { type: '__proto__' },
      { type: 'toString' },
    ]);
    expect(Object.entries(w.skipped)).toEqual([
      ['constructor', 1],
      ['__proto__', 2],
      ['toString', 1],
    ]);
  });

  it('keeps an orphan tool result as its own turn and flags an assistant error', () => {
    const w = transcriptView([
      {
        type: 'message',
        message: { role: 'toolResult', toolCallId: 'nope', toolName: 'bash', content: 'x', isError: true },
      },
      {
        type: 'message',
        message: { role: 'assistant', content: [], stopReason: 'error', errorMessage: 'rate limited' },
      },
    ]);
    expect(w.turns[0]!.toolCalls[0]!.result?.isError).toBe(true);
    expect(w.turns[1]!.error).toBe('rate limited');
  });

  it('cuts a huge tool output for display and keeps its length', () => {
    const w = transcriptView([
      {
        type: 'message',
        message: {
          role: 'assistant',
          content: [{ type: 'toolCall', id: 'a', name: 'bash', arguments: { command: 'yes' } }],
        },
      },
      {
        type: 'message',
        message: {
          role: 'toolResult',
          toolCallId: 'a',
          toolName: 'bash',
          content: [{ type: 'text', text: 'y'.repeat(TOOL_TEXT_LIMIT + 5) }],
          isError: false,
        },
      },
    ]);
    expect(w.turns[0]!.toolCalls[0]!.result).toMatchObject({ total: TOOL_TEXT_LIMIT + 5 });
    expect(w.turns[0]!.toolCalls[0]!.result!.text).toHaveLength(TOOL_TEXT_LIMIT);
  });
});

describe('contentText', () => {
  it('joins text blocks and names images', () => {
    expect(
      contentText([
        { type: 'text', text: 'a' },
        { type: 'image', mimeType: 'image/png', data: '' },
      ]),
    ).toBe('a\n[image image/png]');
    expect(contentText('plain')).toBe('plain');
    expect(contentText(42)).toBe('');
  });
});
