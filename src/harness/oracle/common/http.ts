import type { IncomingMessage } from 'node:http';

/** HTTP plumbing every oracle server shares: the Origin policy and bounded body reading (unchanged across revisions). */

/** Bodies past this size are refused (read to the end, then dropped). */
const MAX_BODY = 1024 * 1024;

/** Origins a local server trusts: none (no browser page) or a page served from this machine. */
export function originAllowed(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    const u = new URL(origin);
    return u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';
  } catch {
    return false;
  }
}

export function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
  });
}

/**
 * JSON text as ISO-8859-1 bytes, as a server that writes strings in the wrong encoding sends it (the `latin1-body`
 * mutants of both revisions): characters past U+00FF are escaped first (`\u2713`), so the body stays JSON, only not
 * UTF-8 (é is the single byte 0xE9).
 */
export function latin1Json(text: string): Buffer {
  const escaped = text.replace(/[^\u0000-\u00ff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return Buffer.from(escaped, 'latin1');
}
