import { z } from 'zod';

/**
 * One line of an agent transcript. Designed so a pi session file (JSONL v3) is stored byte-for-byte and read back:
 * line 1 is the session header (`{"type":"session","version":3,…}`), then entries such as
 * `{"type":"message","message":{"role":"user"|"assistant"|"toolResult",…}}`. Only `type` is required; every other
 * field is kept as is and interpreted by the replay transforms, which tolerate unknown entry types.
 */
export const TranscriptEntrySchema = z.looseObject({
  /** Entry type, e.g. `session`, `message`, `model_change`, `thinking_level_change`. */
  type: z.string().min(1),
});
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;

/** pi's assistant tool call content block. */
export const PiToolCallSchema = z.looseObject({
  type: z.literal('toolCall'),
  /** Tool call id, matched by the tool result's `toolCallId`. */
  id: z.string(),
  /** Tool name: read, write, edit, bash. */
  name: z.string(),
  /** Arguments as the model sent them. */
  arguments: z.record(z.string(), z.unknown()),
});
export type PiToolCall = z.infer<typeof PiToolCallSchema>;
