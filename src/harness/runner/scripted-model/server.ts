import { createServer, type Server } from 'node:http';
import type { ModelApi } from '../../../bench/schema/model-traffic.ts';
import { anthropicMessages } from './anthropic-messages.ts';
import { geminiGenerate } from './gemini-generate.ts';
import { openaiChat } from './openai-chat.ts';
import { openaiResponses } from './openai-responses.ts';
import type { ScriptedApi, ScriptedTurn } from './types.ts';

export type { ScriptedTurn } from './types.ts';

/** Every API the scripted model speaks; each helper's API module registers here. */
export const SCRIPTED_APIS: readonly ScriptedApi[] = [openaiChat, anthropicMessages, geminiGenerate, openaiResponses];

export interface ScriptedModel {
  /** Origin, e.g. `http://127.0.0.1:41234`; each API's paths are served under it (and under any prefix). */
  origin: string;
  /** OpenAI-compatible base URL, `<origin>/v1` (pi's models.json). */
  baseUrl: string;
  /** Request bodies received, in order, with the API each was read as (tests inspect tool results). */
  requests: { api: ModelApi; path: string; body: unknown }[];
  close(): Promise<void>;
}

/**
 * A scripted model server on 127.0.0.1 speaking every provider API in `SCRIPTED_APIS`: the reply to a request is turn
 * N of the script, where N is the number of assistant turns already in the conversation, so the script is replayed
 * exactly whatever the client's timing. After the last turn it answers "Done." so the agent stops. No model, no
 * account, no network beyond loopback.
 */
export function startScriptedModel(turns: readonly ScriptedTurn[], modelId = 'scripted'): Promise<ScriptedModel> {
  const requests: ScriptedModel['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (b: Buffer) => chunks.push(b));
    req.on('end', () => {
      const path = req.url ?? '/';
      const api = SCRIPTED_APIS.find((a) => a.matches(req.method ?? '', path));
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
      if (!api || body === undefined) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
        return;
      }
      requests.push({ api: api.api, path, body });
      const turn = turns[api.turnIndex(body, path)] ?? { text: 'Done.' };
      api.reply(res, turn, body, path, {
        id: `scripted-${requests.length}`,
        model: modelId,
        promptTokens: Math.ceil(raw.length / 4),
      });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        origin,
        baseUrl: `${origin}/v1`,
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
