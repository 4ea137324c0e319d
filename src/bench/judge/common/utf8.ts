import type { Body } from '../../schema/wire-event.ts';

/**
 * Whether a body's bytes are UTF-8, for the transport's UTF-8 rule on either side. The recorder keeps a body as text
 * only when it round-trips as UTF-8, so only base64 ones are decoded, strictly; a capped body may end inside a
 * character, and that tail is not held against it.
 */
export function bodyIsUtf8(b: Body): boolean {
  if (b.encoding === 'utf8') return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(b.data, 'base64'), { stream: b.truncated });
    return true;
  } catch {
    return false;
  }
}
