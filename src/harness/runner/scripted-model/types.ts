import type { ServerResponse } from 'node:http';
import type { ModelApi } from '../../../bench/schema/model-traffic.ts';

/** One scripted assistant turn: some text, or tool calls (the harness executes them and sends the results back). */
export interface ScriptedTurn {
  text?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

/** What a reply is written with. */
export interface ReplyContext {
  /** Unique per reply, for response and call ids. */
  id: string;
  /** Model id to report. */
  model: string;
  /** Input tokens to report (an estimate from the request's size: the scripted model has no tokenizer). */
  promptTokens: number;
}

/**
 * One provider API as the scripted model speaks it: which requests are its, which turn of the script a request asks
 * for (the number of assistant turns already in the conversation, so the script replays exactly whatever the client's
 * timing), and the reply in that API's wire format, streamed when the request asked for a stream.
 */
export interface ScriptedApi {
  api: ModelApi;
  /** Whether this method and path (query included) belong to this API. */
  matches(method: string, path: string): boolean;
  /** Assistant turns already in the conversation this request carries. */
  turnIndex(body: unknown, path: string): number;
  /** Whether the request asked for a streamed reply. */
  streamed(body: unknown, path: string): boolean;
  /** Write the whole reply (status, headers, body) and end the response. */
  reply(res: ServerResponse, turn: ScriptedTurn, body: unknown, path: string, ctx: ReplyContext): void;
}
