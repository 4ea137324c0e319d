// Sidecars for synthetic trials: a wire log with one exchange per checkpoint (so verdict evidence indexes point at real
// exchanges), and a pi-style (JSONL v3) session transcript. Shapes follow src/bench/schema; contents are made up.
import type { Scenario } from '../bench/schema/scenario.ts';
import type { Subject } from '../bench/schema/subject.ts';
import type { Verdict } from '../bench/schema/verdict.ts';
import { WIRE_FORMAT, type WireEvent, type WireLog } from '../bench/schema/wire-event.ts';

const utf8 = (s: string) => ({ encoding: 'utf8' as const, data: s, bytes: Buffer.byteLength(s), truncated: false });

/** One exchange per checkpoint: a passing checkpoint gets 200 + JSON (or SSE), a failing one a 400 with junk. */
export function syntheticWireLog(
  s: Scenario,
  verdicts: readonly Verdict[],
  startedAt: string,
  rnd: () => number,
): WireLog {
  const events: WireEvent[] = [{ type: 'conn-open', t: 0, conn: 0 }];
  let t = 1;
  const tick = () => (t += Math.round(1 + rnd() * 20));
  s.checkpoints.forEach((c, x) => {
    const ok = verdicts[x]?.verdict !== 'fail';
    const req = JSON.stringify({
      jsonrpc: '2.0',
      id: x + 1,
      method: x === 0 ? 'initialize' : 'tools/call',
      params: { name: 'echo', arguments: { text: `probe ${c.slug}` } },
    });
    events.push({
      type: 'request',
      t: tick(),
      x,
      conn: 0,
      step: c.slug,
      method: 'POST',
      path: '/mcp',
      headers: [
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json, text/event-stream'],
        ['MCP-Protocol-Version', s.revision],
      ],
      body: utf8(req),
    });
    const sse = ok && x % 3 === 2;
    events.push({
      type: 'response',
      t: tick(),
      x,
      status: ok ? 200 : 400,
      headers: [
        ['Content-Type', sse ? 'text/event-stream' : ok ? 'application/json' : 'text/html'],
        ['Mcp-Session-Id', 'synthetic-session'],
      ],
    });
    const result = JSON.stringify({
      jsonrpc: '2.0',
      id: x + 1,
      result: { content: [{ type: 'text', text: `probe ${c.slug}` }] },
    });
    if (sse) events.push({ type: 'sse', t: tick(), x, id: `${x}-1`, event: 'message', data: result });
    else
      events.push({ type: 'body', t: tick(), x, body: utf8(ok ? result : '<html><script>alert("x")</script></html>') });
    events.push({ type: 'end', t: tick(), x, reason: 'complete' });
  });
  events.push(
    { type: 'conn-close', t: tick(), conn: 0 },
    { type: 'note', t: tick(), text: 'synthetic probe finished' },
  );
  return {
    header: {
      type: 'wire',
      format: WIRE_FORMAT,
      perspective: s.role === 'server' ? 'prober' : 'reference',
      startedAt,
      bodyCap: 65536,
    },
    events,
  };
}

/** The log of a trial whose harness failed: the runner's note, nothing recorded from the subject. */
export function syntheticInfraLog(s: Scenario, startedAt: string): WireLog {
  return {
    header: {
      type: 'wire',
      format: WIRE_FORMAT,
      perspective: s.role === 'server' ? 'prober' : 'reference',
      startedAt,
      bodyCap: 65536,
    },
    events: [{ type: 'note', t: 0, text: 'synthetic: the sandbox failed to start' }],
  };
}

/** A short pi session (JSONL v3): header, model and thinking level, the task prompt, write + bash tool calls, a final answer. */
export function syntheticTranscript(
  s: Scenario,
  subject: Subject,
  trialId: string,
  start: number,
  rnd: () => number,
): string {
  let t = start;
  let n = 0;
  let parent: string | null = null;
  const lines: unknown[] = [
    { type: 'session', version: 3, id: `${trialId}-session`, timestamp: new Date(t).toISOString(), cwd: '/workspace' },
  ];
  const entry = (e: Record<string, unknown>) => {
    t += Math.round(500 + rnd() * 5000);
    const id = (++n).toString(16).padStart(8, '0');
    lines.push({ ...e, id, parentId: parent, timestamp: new Date(t).toISOString() });
    parent = id;
  };
  const message = (m: Record<string, unknown>) => entry({ type: 'message', message: { ...m, timestamp: t } });
  const usage = () => {
    const input = 1000 + Math.floor(rnd() * 9000);
    const output = 100 + Math.floor(rnd() * 900);
    // Priced like a mid-range model ($3 / $15 per million tokens), so cost columns are not all zero.
    return {
      input,
      output,
      cacheRead: 0,
      cacheWrite: 0,
      cost: { total: Math.round((input * 3 + output * 15) / 10) / 1e5 },
    };
  };
  const assistant = {
    api: 'openai-completions',
    provider: subject.provider ?? 'synthetic',
    model: subject.model ?? 'model',
  };
  entry({ type: 'model_change', provider: assistant.provider, modelId: assistant.model });
  entry({ type: 'thinking_level_change', thinkingLevel: subject.thinking ?? 'off' });
  message({ role: 'user', content: s.prompt });
  message({
    role: 'assistant',
    ...assistant,
    content: [
      { type: 'thinking', thinking: 'Plan: write server.mjs, then run it.' },
      {
        type: 'toolCall',
        id: 'call_1',
        name: 'write',
        arguments: { path: 'server.mjs', content: "import http from 'node:http';\n// <synthetic>\n" },
      },
    ],
    usage: usage(),
    stopReason: 'toolUse',
  });
  message({
    role: 'toolResult',
    toolCallId: 'call_1',
    toolName: 'write',
    content: [{ type: 'text', text: 'Wrote server.mjs' }],
    isError: false,
  });
  message({
    role: 'assistant',
    ...assistant,
    content: [
      {
        type: 'toolCall',
        id: 'call_2',
        name: 'bash',
        arguments: { command: 'node server.mjs & sleep 1; curl -s localhost:$PORT/mcp' },
      },
    ],
    usage: usage(),
    stopReason: 'toolUse',
  });
  message({
    role: 'toolResult',
    toolCallId: 'call_2',
    toolName: 'bash',
    content: [{ type: 'text', text: '{"jsonrpc":"2.0"}' }],
    isError: rnd() < 0.2,
  });
  message({
    role: 'assistant',
    ...assistant,
    content: [{ type: 'text', text: 'The server is running on $PORT.' }],
    usage: usage(),
    stopReason: 'stop',
  });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
