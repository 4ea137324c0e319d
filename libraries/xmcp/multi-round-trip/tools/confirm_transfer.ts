import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  acceptedContent,
  createRequestStateCodec,
  inputRequired,
  type InferSchema,
  type ToolExtraArguments,
  type ToolMetadata,
} from 'xmcp';

export const schema = { amount: z.number().int().min(1) };
export const metadata: ToolMetadata = {
  name: 'confirm_transfer',
  description: 'Transfer amount after the user confirms it.',
};

// The prompt asks for an integrity-protected requestState: xmcp's requestState() "round-trips through the client —
// verify it with createRequestStateCodec" (ToolExtraArguments), here with a key only this process knows. The state
// carries the amount and a nonce, so a confirmation is redeemed once (the one thing the prompt lets the server keep).
const codec = createRequestStateCodec<{ amount: number; nonce: string }>({ key: randomBytes(32) });
const redeemed = new Set<string>();
const confirmation = z.object({ confirm: z.boolean() });

export default async function confirmTransfer({ amount }: InferSchema<typeof schema>, extra: ToolExtraArguments) {
  const raw = extra.requestState<string>();
  if (raw !== undefined) {
    // Throws on a changed or foreign state. The codec reads its context argument only with a `bind` option (none here),
    // and xmcp hands tools no SDK ServerContext, so the tool's extra goes in its place.
    const state = await codec.verify(raw, extra as unknown as Parameters<typeof codec.verify>[1]);
    if (state.amount !== amount) throw new Error('requestState does not match this call');
    const confirmed = acceptedContent(extra.inputResponses, 'confirm', confirmation);
    if (confirmed?.confirm === true) {
      if (redeemed.has(state.nonce))
        return { content: [{ type: 'text' as const, text: 'confirmation already redeemed' }], isError: true };
      redeemed.add(state.nonce);
      return `transferred ${state.amount}`;
    }
  }
  return inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({
        mode: 'form',
        message: `Confirm the transfer of ${amount}?`,
        requestedSchema: confirmation,
      }),
    },
    requestState: await codec.mint({ amount, nonce: randomUUID() }),
  });
}
