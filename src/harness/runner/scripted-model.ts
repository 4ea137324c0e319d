import { createServer, type Server } from 'node:http';

/** One scripted assistant turn: some text, or tool calls (pi executes them and sends the results back). */
export interface ScriptedTurn {
  text?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

export interface ScriptedModel {
  /** OpenAI-compatible base URL, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  /** Request bodies received, in order (tests inspect tool results). */
  requests: { messages: { role: string; content?: unknown }[] }[];
  close(): Promise<void>;
}

/**
 * A scripted, OpenAI-compatible chat-completions server on 127.0.0.1: the reply to a request is turn N, where N is
 * the number of assistant messages already in the conversation, so the script is replayed exactly whatever the
 * client's timing. Streams like the real API (role, content or tool-call deltas, finish_reason, usage, [DONE]).
 * After the last turn it answers "Done." so the agent stops. No model, no account, no network beyond loopback.
 */
export function startScriptedModel(turns: readonly ScriptedTurn[], modelId = 'scripted'): Promise<ScriptedModel> {
  const requests: ScriptedModel['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (b: Buffer) => chunks.push(b));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ScriptedModel['requests'][number] & {
        stream?: boolean;
      };
      requests.push(body);
      const n = body.messages.filter((m) => m.role === 'assistant').length;
      const turn = turns[n] ?? { text: 'Done.' };
      const promptTokens = Math.ceil(Buffer.concat(chunks).length / 4);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const c of chunksFor(turn, `chatcmpl-${requests.length}`, modelId, promptTokens))
        res.write(`data: ${JSON.stringify(c)}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        requests,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

function chunksFor(turn: ScriptedTurn, id: string, model: string, promptTokens: number): unknown[] {
  const base = { id, object: 'chat.completion.chunk', created: 0, model };
  const choice = (delta: unknown, finish: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const out: unknown[] = [choice({ role: 'assistant', content: '' })];
  let completion = 0;
  if (turn.text) {
    out.push(choice({ content: turn.text }));
    completion += Math.ceil(turn.text.length / 4);
  }
  (turn.toolCalls ?? []).forEach((tc, i) => {
    const args = JSON.stringify(tc.arguments);
    completion += Math.ceil(args.length / 4);
    out.push(
      choice({
        tool_calls: [
          { index: i, id: `call_${id}_${i}`, type: 'function', function: { name: tc.name, arguments: args } },
        ],
      }),
    );
  });
  out.push(choice({}, turn.toolCalls?.length ? 'tool_calls' : 'stop'));
  out.push({
    ...base,
    choices: [],
    usage: { prompt_tokens: promptTokens, completion_tokens: completion, total_tokens: promptTokens + completion },
  });
  return out;
}
