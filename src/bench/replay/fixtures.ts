// Generated traces for the replay tests and the page-size bench: SSE, errors, truncation, binary and hostile bodies,
// and a pi (JSONL v3) session with every tool kind. Made by code, never written into a real results/ folder.
import type { TrialRow } from '../derive/dataset.ts';
import type { Checkpoint } from '../schema/checkpoint.ts';
import { scoreTrial } from '../scoring/score.ts';
import { skippedReport } from '../wire-schema/types.ts';
import type { TranscriptEntry } from '../schema/transcript.ts';
import type { Verdict } from '../schema/verdict.ts';
import { WIRE_FORMAT, type Body, type Headers, type WireEvent, type WireLog } from '../schema/wire-event.ts';

/** Strings a hostile server could send, each of which must show up as text and never act. */
export const HOSTILE = {
  script: '<script>alert("xss-script")</script>',
  pre: '</pre></code></details><h1 id="pwned">pwned</h1>',
  handler: '<img src=x onerror="alert(\'xss-onerror\')">',
  js: 'javascript:alert("xss-js")',
} as const;
export const HOSTILE_TEXT = Object.values(HOSTILE).join(' ');

const enc = new TextEncoder();
export const utf8 = (s: string, cap?: number): Body => {
  const bytes = enc.encode(s).length;
  return cap !== undefined && bytes > cap
    ? { encoding: 'utf8', data: s.slice(0, cap), bytes, truncated: true }
    : { encoding: 'utf8', data: s, bytes, truncated: false };
};
const rpc = (id: number, method: string, params: unknown = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });
const JSON_H: Headers = [['Content-Type', 'application/json']];
const REQ_H = (extra: Headers = []): Headers => [
  ['Host', '127.0.0.1:41234'],
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json, text/event-stream'],
  ...extra,
];

/**
 * A wire log exercising every display path: JSON, SSE (complete and aborted, with id/event/retry), an HTML error with
 * hostile markup, a truncated body, a connection reset, a binary body, a hostile query string, stray error and note.
 * Exchanges 0–7; startedAt given so a transcript can be aligned to it.
 */
export function hostileWireLog(startedAt = '2026-11-01T10:00:05.000Z'): WireLog {
  const ev: WireEvent[] = [{ type: 'conn-open', t: 0, conn: 0 }];
  const post = (t: number, x: number, step: string, body: string, extra: Headers = []) =>
    ev.push({
      type: 'request',
      t,
      x,
      conn: 0,
      step,
      method: 'POST',
      path: '/mcp',
      headers: REQ_H(extra),
      body: utf8(body),
    });
  post(
    1,
    0,
    'initialize',
    rpc(1, 'initialize', { protocolVersion: '2025-11-25', clientInfo: { name: 'prober', version: '1' } }),
  );
  ev.push({ type: 'response', t: 4, x: 0, status: 200, headers: [...JSON_H, ['Mcp-Session-Id', HOSTILE.script]] });
  ev.push({
    type: 'body',
    t: 5,
    x: 0,
    body: utf8(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: {
          serverInfo: { name: HOSTILE.pre, version: HOSTILE.handler },
          instructions: HOSTILE.js,
          protocolVersion: '2025-11-25',
        },
      }),
    ),
  });
  ev.push({ type: 'end', t: 5, x: 0, reason: 'complete' });
  post(10, 1, 'tools-call-sse', rpc(2, 'tools/call', { name: 'echo', arguments: { text: HOSTILE.script } }), [
    ['Mcp-Session-Id', 's1'],
  ]);
  ev.push({ type: 'response', t: 12, x: 1, status: 200, headers: [['Content-Type', 'text/event-stream']] });
  ev.push({ type: 'sse', t: 13, x: 1, id: 'e1', data: '' });
  ev.push({
    type: 'sse',
    t: 20,
    x: 1,
    id: HOSTILE.handler,
    event: HOSTILE.script,
    data: JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progress: 1, message: HOSTILE.pre },
    }),
  });
  ev.push({
    type: 'sse',
    t: 31,
    x: 1,
    id: 'e3',
    event: 'message',
    data: JSON.stringify({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: HOSTILE.script }] } }),
  });
  ev.push({ type: 'end', t: 32, x: 1, reason: 'complete' });
  ev.push({
    type: 'request',
    t: 33,
    x: 2,
    conn: 1,
    step: 'get-stream',
    method: 'GET',
    path: '/mcp',
    headers: [
      ['Host', '127.0.0.1:41234'],
      ['Accept', 'text/event-stream'],
    ],
    body: utf8(''),
  });
  ev.push({ type: 'conn-open', t: 33, conn: 1 });
  ev.push({ type: 'response', t: 35, x: 2, status: 200, headers: [['Content-Type', 'text/event-stream']] });
  ev.push({ type: 'sse', t: 36, x: 2, id: 'g1', retry: 3000, data: 'not json <b>bold</b>' });
  post(40, 3, 'bad-request', '{"jsonrpc":"2.0","id":3,"method":');
  ev.push({ type: 'response', t: 42, x: 3, status: 400, headers: [['Content-Type', 'text/html']] });
  ev.push({
    type: 'body',
    t: 43,
    x: 3,
    body: utf8(
      `<html><body onload="alert('xss-onload')"><a href="${HOSTILE.js}">x</a>${HOSTILE.pre}${HOSTILE.script}</body></html>`,
    ),
  });
  ev.push({ type: 'end', t: 43, x: 3, reason: 'complete' });
  post(50, 4, 'tools-list-huge', rpc(4, 'tools/list'));
  ev.push({ type: 'response', t: 52, x: 4, status: 200, headers: JSON_H });
  const huge = JSON.stringify({
    jsonrpc: '2.0',
    id: 4,
    result: { tools: Array.from({ length: 4000 }, (_, i) => ({ name: `tool-${i}`, description: HOSTILE.script })) },
  });
  ev.push({ type: 'body', t: 60, x: 4, body: utf8(huge, 2048) });
  ev.push({ type: 'end', t: 61, x: 4, reason: 'aborted' });
  ev.push({
    type: 'request',
    t: 70,
    x: 5,
    conn: 0,
    step: 'delete-session',
    method: 'DELETE',
    path: '/mcp',
    headers: [
      ['Host', '127.0.0.1:41234'],
      ['Mcp-Session-Id', 's1'],
    ],
    body: utf8(''),
  });
  ev.push({ type: 'error', t: 75, x: 5, code: 'ECONNRESET', message: `socket hang up ${HOSTILE.script}` });
  post(80, 6, 'binary', rpc(6, 'ping'));
  ev.push({ type: 'response', t: 81, x: 6, status: 200, headers: [['Content-Type', 'application/octet-stream']] });
  ev.push({
    type: 'body',
    t: 82,
    x: 6,
    body: {
      encoding: 'base64',
      data: btoa(String.fromCharCode(0, 1, 2, 255, 60, 115, 99, 114, 105, 112, 116, 62)),
      bytes: 12,
      truncated: false,
    },
  });
  ev.push({ type: 'end', t: 82, x: 6, reason: 'complete' });
  ev.push({
    type: 'request',
    t: 90,
    x: 7,
    conn: 0,
    step: 'query',
    method: 'GET',
    path: `/mcp?next=${encodeURIComponent(HOSTILE.js)}&q=<script>`,
    headers: [['Host', '127.0.0.1:41234']],
    body: utf8(''),
  });
  ev.push({ type: 'response', t: 91, x: 7, status: 405, headers: [['Allow', 'POST']] });
  ev.push({ type: 'end', t: 91, x: 7, reason: 'complete' });
  ev.push({ type: 'end', t: 95, x: 2, reason: 'timeout' });
  ev.push({ type: 'error', t: 96, code: 'EPIPE', message: HOSTILE.handler });
  ev.push({ type: 'note', t: 97, text: `probe finished ${HOSTILE.script}` });
  ev.push({ type: 'conn-close', t: 98, conn: 0 }, { type: 'conn-close', t: 98, conn: 1 });
  return { header: { type: 'wire', format: WIRE_FORMAT, perspective: 'prober', startedAt, bodyCap: 2048 }, events: ev };
}

/** A wire log with `n` exchanges (every 5th an SSE stream of 3 events, every 7th a 404), for size and paging tests. */
export function bigWireLog(n: number, startedAt = '2026-11-01T10:00:00.000Z'): WireLog {
  const ev: WireEvent[] = [{ type: 'conn-open', t: 0, conn: 0 }];
  let t = 1;
  for (let x = 0; x < n; x++) {
    ev.push({
      type: 'request',
      t: t++,
      x,
      conn: 0,
      step: `step-${x}`,
      method: 'POST',
      path: '/mcp',
      headers: REQ_H(),
      body: utf8(rpc(x + 1, 'tools/call', { name: 'echo', arguments: { text: `call ${x}` } })),
    });
    const sse = x % 5 === 4;
    const status = x % 7 === 6 ? 404 : 200;
    ev.push({
      type: 'response',
      t: t++,
      x,
      status,
      headers: [['Content-Type', sse ? 'text/event-stream' : 'application/json']],
    });
    if (sse)
      for (let i = 0; i < 3; i++)
        ev.push({
          type: 'sse',
          t: t++,
          x,
          id: `${x}-${i}`,
          data: JSON.stringify({
            jsonrpc: '2.0',
            method: 'notifications/message',
            params: { level: 'info', data: `event ${i}` },
          }),
        });
    else
      ev.push({
        type: 'body',
        t: t++,
        x,
        body: utf8(
          JSON.stringify({ jsonrpc: '2.0', id: x + 1, result: { content: [{ type: 'text', text: `call ${x}` }] } }),
        ),
      });
    ev.push({ type: 'end', t: t++, x, reason: 'complete' });
  }
  ev.push({ type: 'conn-close', t, conn: 0 });
  return {
    header: { type: 'wire', format: WIRE_FORMAT, perspective: 'prober', startedAt, bodyCap: 65536 },
    events: ev,
  };
}

/**
 * Verdicts for a scenario's checkpoints over `exchanges` exchanges: the first checkpoint passes on exchange 0, MUSTs
 * after it fail (evidence: the last exchanges, so the "first MUST failure" is the one with the earliest evidence).
 */
export function fixtureVerdicts(checkpoints: readonly Checkpoint[], exchanges: number): Verdict[] {
  return checkpoints.map((c, i) => {
    const fail = i > 0 && c.level === 'MUST';
    const x = Math.max(0, exchanges - 1 - i);
    return {
      checkpoint: c.slug,
      spec: c.spec?.id ?? null,
      level: c.level,
      verdict: fail ? 'fail' : i % 4 === 3 ? 'not-applicable' : 'pass',
      evidence: i % 4 === 3 && !fail ? [] : i === 0 ? [0] : [x],
      message: fail ? `Expected 404 after DELETE, got 400 ${HOSTILE.script}` : `Saw it ${HOSTILE.handler}`,
    };
  });
}

/**
 * A pi session (JSONL v3) covering what the replay shows: prompt, thinking, read, write, both edit shapes, bash with
 * output, a failing tool, an unknown entry type, a custom message, usage per turn. Entries start at `start` (ISO),
 * two seconds apart, so they align with a wire log that starts a few seconds later.
 */
export function piSession(start = '2026-11-01T10:00:00.000Z'): TranscriptEntry[] {
  const t0 = Date.parse(start);
  let i = 0;
  let parent: string | null = null;
  const out: TranscriptEntry[] = [{ type: 'session', version: 3, id: 'sess-1', timestamp: start, cwd: '/workspace' }];
  const entry = (e: Record<string, unknown>) => {
    const id = (++i).toString(16).padStart(8, '0');
    const timestamp = new Date(t0 + i * 2000).toISOString();
    out.push({ ...e, type: String(e.type), id, parentId: parent, timestamp });
    parent = id;
  };
  const usage = (n: number) => ({
    input: 1000 * n,
    output: 100 * n,
    cacheRead: 10 * n,
    cacheWrite: 0,
    totalTokens: 1110 * n,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.01 * n },
  });
  const assistant = (n: number, content: unknown[], stopReason = 'toolUse') =>
    entry({
      type: 'message',
      message: {
        role: 'assistant',
        content,
        api: 'openai-completions',
        provider: 'scripted',
        model: 'scripted-1',
        usage: usage(n),
        stopReason,
        timestamp: 0,
      },
    });
  const result = (id: string, name: string, text: string, isError = false) =>
    entry({
      type: 'message',
      message: {
        role: 'toolResult',
        toolCallId: id,
        toolName: name,
        content: [{ type: 'text', text }],
        isError,
        timestamp: 0,
      },
    });
  entry({ type: 'model_change', provider: 'scripted', modelId: 'scripted-1' });
  entry({
    type: 'message',
    message: { role: 'user', content: `Implement the server. ${HOSTILE.script}`, timestamp: 0 },
  });
  assistant(1, [
    { type: 'thinking', thinking: `I will read TASK.md first ${HOSTILE.pre}` },
    { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'TASK.md' } },
  ]);
  result('c1', 'read', `# Task\n${HOSTILE.handler}`);
  assistant(2, [
    {
      type: 'toolCall',
      id: 'c2',
      name: 'write',
      arguments: { path: 'server.mjs', content: `import http from 'node:http';\n// ${HOSTILE.script}\nconst a = 1;\n` },
    },
  ]);
  result('c2', 'write', 'Successfully wrote 60 bytes to server.mjs');
  assistant(3, [
    {
      type: 'toolCall',
      id: 'c3',
      name: 'edit',
      arguments: {
        path: 'server.mjs',
        edits: [{ oldText: 'const a = 1;', newText: `const a = 2;\nconst js = "${HOSTILE.js}";` }],
      },
    },
  ]);
  result('c3', 'edit', 'Successfully replaced 1 block(s) in server.mjs.');
  assistant(4, [
    {
      type: 'toolCall',
      id: 'c4',
      name: 'edit',
      arguments: { path: 'server.mjs', oldText: 'const a = 2;', newText: 'const a = 3;' },
    },
  ]);
  result('c4', 'edit', 'Successfully replaced 1 block(s) in server.mjs.');
  entry({ type: 'custom', customType: 'some-extension', data: { x: 1 } });
  assistant(5, [
    { type: 'text', text: 'Starting it.' },
    {
      type: 'toolCall',
      id: 'c5',
      name: 'bash',
      arguments: { command: `node server.mjs & curl -s 'localhost:3000/${HOSTILE.script}'` },
    },
  ]);
  result('c5', 'bash', `curl: (7) Failed to connect ${HOSTILE.handler}\n\nCommand exited with code 7`, true);
  assistant(6, [{ type: 'text', text: `Done. ${HOSTILE.js}` }], 'stop');
  return out;
}

/** A data-set row for a generated trial (what derive would produce), for view tests. */
export function fixtureRow(verdicts: Verdict[], over: Partial<TrialRow> = {}): TrialRow {
  return {
    id: 'fixture-trial-1',
    revision: '2025-11-25',
    role: 'server',
    scenario: 'fixture-scenario',
    docs: 'none',
    k: 1,
    subject: {
      kind: 'agent',
      id: 'agent/pi@1.6.0/scripted/scripted-1/off',
      label: 'pi 1.6.0 · scripted/scripted-1 · off',
      harness: 'pi',
      harnessVersion: '1.6.0',
      provider: 'scripted',
      model: 'scripted-1',
      thinking: 'off',
    },
    status: 'completed',
    startedAt: '2026-11-01T10:00:00.000Z',
    endedAt: '2026-11-01T10:01:00.000Z',
    benchmarkVersion: '1.0.0',
    scenarioHash: `sha256:${'0'.repeat(64)}`,
    current: true,
    specCommit: 'a'.repeat(40),
    isolation: 'netns',
    verdicts,
    score: scoreTrial(verdicts),
    usage: { inputTokens: 21000, outputTokens: 2100, costUsd: 0.21, wallTimeMs: 60000, toolCalls: 5, turns: 6 },
    files: {
      record: 'results/x/k1.json',
      wire: 'results/x/k1.wire.jsonl',
      transcript: 'results/x/k1.transcript.jsonl',
    },
    schema: skippedReport('fixture row: no pinned schema'),
    durationMs: 60_000,
    requests: 0,
    wireHead: '0'.repeat(16),
    ...over,
  };
}
