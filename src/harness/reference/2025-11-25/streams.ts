import type { RecordedRequest } from '../../wire/server.ts';
import type { SseEvent } from '../../wire/sse.ts';
import type { ReferenceState } from './server.ts';

/** One POST-initiated SSE stream: events already sent, and the rest to deliver when the client resumes it. */
export interface StoredStream {
  sent: SseEvent[];
  rest: SseEvent[];
}
export type StreamStore = Map<string, StoredStream>;

/** How long a server-to-client request waits for the client's answer before the call fails. */
const PING_WAIT_MS = 5_000;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Answer `get_secret` the way the script says: plain JSON, SSE closed after `retry:` (resume by GET), or SSE + ping. */
export async function answerSecret(
  s: ReferenceState,
  req: RecordedRequest,
  id: unknown,
  params: Record<string, unknown>,
  result: unknown,
): Promise<void> {
  if (s.script.secret === 'json' || (s.script.secret === 'sse-hang' && s.hung)) {
    req.json(200, result);
    return;
  }
  if (s.script.secret === 'sse-hang') {
    // The slow peer: the first call is accepted (priming event) and then left without an answer.
    s.hung = true;
    const w = req.sse();
    w.send({ id: 'hang-0', data: '' });
    s.rec.note('get_secret left unanswered', { x: req.x, data: { hangMs: s.script.hangMs } });
    const timer = setTimeout(() => w.close('complete'), s.script.hangMs);
    await w.done;
    clearTimeout(timer);
    return;
  }
  const name = `s${s.streams.size + 1}`;
  const stream: StoredStream = { sent: [], rest: [] };
  s.streams.set(name, stream);
  const w = req.sse();
  let n = 0;
  const send = (data: string, extra: Partial<SseEvent> = {}) => {
    const ev: SseEvent = { id: `${name}-${n++}`, ...extra, data };
    stream.sent.push(ev);
    w.send(ev);
  };
  if (s.script.secret === 'sse-resume') {
    // Priming event with an id and the retry interval, then (if asked) progress, then the connection is cut
    // without terminating the stream: the result waits for a GET with Last-Event-ID.
    send('', { retry: s.script.retryMs });
    const token = isObj(params._meta) ? params._meta.progressToken : undefined;
    if (typeof token === 'string' || typeof token === 'number') {
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: 1, total: 2, message: 'secret almost ready' },
        }),
      );
    }
    stream.rest.push({ id: `${name}-${n++}`, data: JSON.stringify(result) });
    s.rec.note('stream cut after retry', { x: req.x, data: { stream: name, retry: s.script.retryMs } });
    w.close('aborted');
    return;
  }
  send('');
  if (s.script.chatter) {
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', logger: 'mcpfs-reference', data: 'looking up the secret' },
      }),
    );
    // A request no client can serve: its answer (an error, by the spec) is recorded; the secret does not wait for it.
    const unknownId = `ref-unknown-${s.streams.size}`;
    const unknownKey = JSON.stringify(unknownId);
    s.pending.set(unknownKey, () => s.pending.delete(unknownKey));
    send(JSON.stringify({ jsonrpc: '2.0', id: unknownId, method: 'mcpfs/unknown', params: {} }));
  }
  const pingId = `ref-ping-${s.streams.size}`;
  const key = JSON.stringify(pingId);
  const reply = new Promise<Record<string, unknown> | 'mismatch' | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), PING_WAIT_MS);
    s.pending.set(key, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
  });
  send(JSON.stringify({ jsonrpc: '2.0', id: pingId, method: 'ping' }));
  const r = await reply;
  s.pending.delete(key);
  const answered = isObj(r) && 'result' in r;
  if (!answered) s.rec.note(`ping not answered (${typeof r === 'string' ? r : 'error response'})`, { x: req.x });
  send(
    JSON.stringify(
      answered
        ? result
        : {
            jsonrpc: '2.0',
            id,
            error: { code: -32603, message: 'the ping sent on this stream was not answered with its id' },
          },
    ),
  );
  w.close('complete');
}
