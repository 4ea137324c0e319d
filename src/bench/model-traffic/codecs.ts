import type { ModelApi } from '../schema/model-traffic.ts';
import { openaiChatCodec } from './openai-chat.ts';
import type { ApiCodec } from './types.ts';

/** Every API's codec; each API module adds itself here. */
export const CODECS: Partial<Record<ModelApi, ApiCodec>> = {};
CODECS['openai-chat'] = openaiChatCodec;
