// Wire logs and pi transcripts whose every displayed string carries the XSS corpus (src/testing/xss-payloads.ts),
// each tagged with a field marker (`xssf:<field>`) so the site test can check the field was really rendered.
import { WIRE_FORMAT, type Body, type Headers, type WireEvent, type WireLog } from '../bench/schema/wire-event.ts';
import { CORPUS_TEXT, corpusWithin } from './xss-payloads.ts';

/** Hands out field texts and remembers which fields were placed. */
export class FieldTexts {
  /** Fields a page shows. */
  readonly placed = new Set<string>();
  /** Fields no page shows (only the raw downloads carry them): hostile all the same. */
  readonly unshown = new Set<string>();
  /**
   * `xssf:<id>` and the corpus (or, with `max`, the payloads that fit; `oneLine` drops multi-line ones). `shown: false`
   * for a field the pages do not display.
   */
  text(id: string, opts: { max?: number; oneLine?: boolean; shown?: boolean } = {}): string {
    (opts.shown === false ? this.unshown : this.placed).add(id);
    const mark = `xssf:${id} `;
    const body =
      opts.max !== undefined || opts.oneLine
        ? corpusWithin((opts.max ?? 100_000) - mark.length, 0, opts.oneLine)
        : CORPUS_TEXT;
    return mark + body;
  }
}

const enc = new TextEncoder();
const utf8 = (s: string, truncated = false): Body => ({
  encoding: 'utf8',
  data: s,
  bytes: enc.encode(s).length + (truncated ? 1000 : 0),
  truncated,
});

/** A JSON body written by hand so it holds `\u003c…` escapes that only JSON.parse turns into markup characters. */
const escapedJson = (f: FieldTexts) =>
  `{"jsonrpc":"2.0","id":7,"result":{"note":"\\u003cimg src=x onerror=__pwned(48)\\u003e \\u003c/pre\\u003e","text":${JSON.stringify(f.text('wire.body.json-escaped'))}}}`;

/**
 * A wire log of `n` exchanges. Exchanges 0–5, every 25th and the last two are "rich" (payloads in step, method, path,
 * header names and values, JSON-RPC ids/methods/keys/values, SSE id/event/data, HTML and truncated bodies, transport
 * errors, harness notes); the others are small, so a long log stays cheap to build.
 */
export function hostileWireLog(
  f: FieldTexts,
  n: number,
  perspective: 'prober' | 'reference',
  startedAt: string,
): WireLog {
  const ev: WireEvent[] = [{ type: 'conn-open', t: 0, conn: 0 }];
  let t = 1;
  for (let x = 0; x < n; x++) {
    const rich = x < 6 || x % 25 === 0 || x >= n - 2;
    if (!rich) {
      ev.push({
        type: 'request',
        t: t++,
        x,
        conn: 0,
        method: 'POST',
        path: '/mcp',
        headers: [['Content-Type', 'application/json']],
        body: utf8(`{"jsonrpc":"2.0","id":${x},"method":"ping"}`),
      });
      ev.push({ type: 'response', t: t++, x, status: 200, headers: [['Content-Type', 'application/json']] });
      ev.push({ type: 'body', t: t++, x, body: utf8(`{"jsonrpc":"2.0","id":${x},"result":{}}`) });
      ev.push({ type: 'end', t: t++, x, reason: 'complete' });
      continue;
    }
    const reqHeaders: Headers = [
      [f.text('wire.request.header-name', { max: 1000, oneLine: true }), f.text('wire.request.header-value')],
      ['Content-Type', 'application/json'],
    ];
    const rpc = {
      jsonrpc: '2.0',
      id: f.text('wire.rpc-id'),
      method: f.text('wire.rpc-method'),
      params: {
        [f.text('wire.json-key')]: f.text('wire.json-value'),
        arguments: { text: f.text('wire.tool-argument') },
      },
    };
    ev.push({
      type: 'request',
      t: t++,
      x,
      conn: 0,
      step: f.text('wire.step'),
      method: x % 2 ? f.text('wire.method') : 'POST',
      path: `/mcp?q=${f.text('wire.path')}`,
      headers: reqHeaders,
      body: utf8(JSON.stringify(rpc)),
    });
    const kind = x % 4;
    const type = kind === 1 ? 'text/event-stream' : kind === 2 ? f.text('wire.content-type') : 'application/json';
    ev.push({
      type: 'response',
      t: t++,
      x,
      status: kind === 2 ? 400 : 200,
      headers: [
        ['Content-Type', type],
        [f.text('wire.response.header-name', { max: 1000, oneLine: true }), f.text('wire.response.header-value')],
        ['Mcp-Session-Id', f.text('wire.session-id')],
      ],
    });
    if (kind === 0)
      ev.push({
        type: 'body',
        t: t++,
        x,
        body: utf8(
          x === 0
            ? escapedJson(f)
            : JSON.stringify({
                jsonrpc: '2.0',
                id: x,
                result: {
                  content: [{ type: 'text', text: f.text('wire.body.json') }],
                  [f.text('wire.body.json-key')]: null,
                },
              }),
        ),
      });
    if (kind === 1) {
      ev.push({
        type: 'sse',
        t: t++,
        x,
        id: f.text('wire.sse.id'),
        event: f.text('wire.sse.event'),
        data: f.text('wire.sse.data'),
        retry: 1000,
      });
      ev.push({
        type: 'sse',
        t: t++,
        x,
        id: 'e2',
        data: JSON.stringify({
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { data: f.text('wire.sse.data-json') },
        }),
      });
    }
    if (kind === 2) {
      ev.push({ type: 'body', t: t++, x, body: utf8(`<html><body>${f.text('wire.body.html')}</body></html>`) });
      ev.push({ type: 'error', t: t++, x, code: f.text('wire.error.code'), message: f.text('wire.error.message') });
      ev.push({ type: 'note', t: t++, x, text: f.text('wire.note.exchange') });
    }
    if (kind === 3) {
      if (x % 8 === 3)
        ev.push({
          type: 'body',
          t: t++,
          x,
          body: {
            encoding: 'base64',
            data: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CORPUS_TEXT.slice(0, 400))]).toString('base64'),
            bytes: 402,
            truncated: false,
          },
        });
      else
        ev.push({
          type: 'body',
          t: t++,
          x,
          body: utf8(`{"cut":${JSON.stringify(f.text('wire.body.truncated'))}`, true),
        });
    }
    ev.push({ type: 'end', t: t++, x, reason: kind === 3 ? 'aborted' : 'complete' });
  }
  ev.push({
    type: 'error',
    t: t++,
    code: f.text('wire.stray-error.code'),
    message: f.text('wire.stray-error.message'),
  });
  ev.push({
    type: 'note',
    t: t++,
    text: f.text('wire.stray-note'),
    data: { [f.text('wire.note-data-key', { shown: false })]: f.text('wire.note-data', { shown: false }) },
  });
  ev.push({ type: 'conn-close', t: t++, conn: 0 });
  return { header: { type: 'wire', format: WIRE_FORMAT, perspective, startedAt, bodyCap: 65536 }, events: ev };
}

/** A pi session (JSONL v3) with the corpus in every place the replay shows: texts, tool calls and results, names. */
export function hostileTranscript(f: FieldTexts, startedAt: string): string {
  const t0 = Date.parse(startedAt) - 30_000;
  let i = 0;
  let parent: string | null = null;
  const lines: unknown[] = [
    {
      type: 'session',
      version: 3,
      id: f.text('transcript.session-id'),
      timestamp: new Date(t0).toISOString(),
      cwd: f.text('transcript.cwd', { shown: false }),
    },
  ];
  const entry = (e: Record<string, unknown>) => {
    const id = (++i).toString(16).padStart(8, '0');
    lines.push({ ...e, id, parentId: parent, timestamp: new Date(t0 + i * 2000).toISOString() });
    parent = id;
  };
  const usage = { input: 1000, output: 100, cacheRead: 0, cacheWrite: 0, cost: { total: 0.01 } };
  const assistant = (content: unknown[], extra: Record<string, unknown> = {}) =>
    entry({
      type: 'message',
      message: {
        role: 'assistant',
        content,
        api: 'openai-completions',
        provider: f.text('transcript.provider'),
        model: f.text('transcript.model'),
        usage,
        stopReason: f.text('transcript.stop-reason'),
        timestamp: 0,
        ...extra,
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
  entry({ type: 'model_change', provider: 'x', modelId: 'y' });
  entry({ type: f.text('transcript.entry-type') });
  entry({ type: 'constructor' });
  entry({ type: '__proto__' });
  entry({ type: 'message', message: { role: 'user', content: f.text('transcript.user'), timestamp: 0 } });
  assistant(
    [
      { type: 'thinking', thinking: f.text('transcript.thinking') },
      { type: 'text', text: f.text('transcript.text') },
      { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: f.text('transcript.read-path') } },
      {
        type: 'toolCall',
        id: 'c2',
        name: 'write',
        arguments: { path: f.text('transcript.write-path'), content: f.text('transcript.write-content') },
      },
      {
        type: 'toolCall',
        id: 'c3',
        name: 'edit',
        arguments: {
          path: f.text('transcript.edit-path'),
          edits: [{ oldText: f.text('transcript.edit-old'), newText: f.text('transcript.edit-new') }],
        },
      },
      { type: 'toolCall', id: 'c4', name: 'bash', arguments: { command: f.text('transcript.bash-command') } },
      {
        type: 'toolCall',
        id: 'c5',
        name: f.text('transcript.tool-name'),
        arguments: { [f.text('transcript.tool-argument-key')]: f.text('transcript.tool-argument') },
      },
    ],
    { errorMessage: f.text('transcript.error-message') },
  );
  result('c1', 'read', f.text('transcript.result-read'));
  result('c2', 'write', f.text('transcript.result-write'));
  result('c3', 'edit', f.text('transcript.result-edit'));
  result('c4', 'bash', f.text('transcript.result-bash'), true);
  result('c5', 'other', f.text('transcript.result-other'));
  result(
    f.text('transcript.orphan-call-id', { shown: false }),
    f.text('transcript.orphan-tool-name'),
    f.text('transcript.orphan-result'),
  );
  entry({
    type: 'message',
    message: {
      role: f.text('transcript.role'),
      content: [
        { type: 'text', text: f.text('transcript.role-text') },
        { type: 'image', mimeType: f.text('transcript.image-mime') },
      ],
      timestamp: 0,
    },
  });
  entry({
    type: 'message',
    message: {
      role: 'bashExecution',
      command: f.text('transcript.bash-execution-command'),
      output: f.text('transcript.bash-execution-output'),
      timestamp: 0,
    },
  });
  assistant([{ type: 'text', text: 'done' }]);
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
