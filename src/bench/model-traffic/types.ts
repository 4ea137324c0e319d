import type { ModelApi, ModelExchange } from '../schema/model-traffic.ts';

/** Tokens one model response reported, in the provider's own accounting mapped onto ours. */
export interface TokenCounts {
  /** Prompt tokens not read from the cache. */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** One tool call in a model reply. */
export interface ReplyToolCall {
  id: string;
  name: string;
  /** Arguments as the model sent them (parsed JSON when it parses, else the raw text under `raw`). */
  arguments: unknown;
}

/** What the model answered in one exchange, as the response (streamed or not) says. */
export interface ModelReply {
  /** Model id the provider reports. */
  model?: string;
  /** Visible text. */
  text: string;
  /** Reasoning text, when the API exposes it. */
  reasoning?: string;
  toolCalls: ReplyToolCall[];
  /** The provider's stop/finish reason, verbatim. */
  stopReason?: string;
  usage?: TokenCounts;
}

/** What a request carried that is new since the model's last turn: the tool results and user text at its end. */
export interface RequestTail {
  /** Model id asked for. */
  model?: string;
  /** Names of the tools offered. */
  tools: string[];
  /** Whether a streamed answer was asked for. */
  stream: boolean;
  /** Assistant turns already in the conversation. */
  assistantTurns: number;
  /** The system prompt, when the request has one. */
  system?: string;
  /** User text after the last assistant turn. */
  userText?: string;
  /** Tool results after the last assistant turn. */
  toolResults: { callId: string; content: string }[];
}

/**
 * One API's reading of recorded exchanges (pure): the usage and reply from the response body, whether JSON or SSE
 * text, and the new input from the request body. Unreadable bodies give `undefined`, never a throw.
 */
export interface ApiCodec {
  api: ModelApi;
  reply(x: ModelExchange): ModelReply | undefined;
  request(x: ModelExchange): RequestTail | undefined;
}
