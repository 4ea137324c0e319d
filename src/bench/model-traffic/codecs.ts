import type { ModelApi } from '../schema/model-traffic.ts';
import { anthropicMessagesCodec } from './anthropic-messages.ts';
import type { ApiCodec } from './types.ts';

/** Every API's codec; each API module adds itself here. */
export const CODECS: Partial<Record<ModelApi, ApiCodec>> = {};
CODECS['anthropic-messages'] = anthropicMessagesCodec;
