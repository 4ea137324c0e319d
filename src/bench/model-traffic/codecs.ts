import type { ModelApi } from '../schema/model-traffic.ts';
import { anthropicMessagesCodec } from './anthropic-messages.ts';
import { geminiGenerateCodec } from './gemini-generate.ts';
import type { ApiCodec } from './types.ts';

/** Every API's codec; each API module adds itself here (imported: a codec module importing this one would be a cycle). */
export const CODECS: Partial<Record<ModelApi, ApiCodec>> = {
  'anthropic-messages': anthropicMessagesCodec,
  'gemini-generate': geminiGenerateCodec,
};
