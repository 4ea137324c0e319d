import type { ModelApi } from '../schema/model-traffic.ts';
import { openaiResponsesCodec } from './openai-responses.ts';
import type { ApiCodec } from './types.ts';

/** Every API's codec; each API module adds itself here. */
export const CODECS: Partial<Record<ModelApi, ApiCodec>> = {};
CODECS['openai-responses'] = openaiResponsesCodec;
