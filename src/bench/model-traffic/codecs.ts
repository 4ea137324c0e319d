import type { ModelApi } from '../schema/model-traffic.ts';
import { anthropicMessagesCodec } from './anthropic-messages.ts';
import { geminiGenerateCodec } from './gemini-generate.ts';
import { openaiChatCodec } from './openai-chat.ts';
import { openaiResponsesCodec } from './openai-responses.ts';
import type { ApiCodec } from './types.ts';

/** Every API's codec; each API module is listed here (imported: a codec module importing this one would be a cycle). */
export const CODECS: Partial<Record<ModelApi, ApiCodec>> = {
  'anthropic-messages': anthropicMessagesCodec,
  'gemini-generate': geminiGenerateCodec,
  'openai-chat': openaiChatCodec,
  'openai-responses': openaiResponsesCodec,
};
