import type { Body, Headers } from '../../../schema/wire-event.ts';
import { header, type Exchange } from '../../exchanges.ts';
import { fail, pass, type Judge } from '../../types.ts';
import { carriesJsonRpc } from './http.ts';
import { show } from './view.ts';
import { bodyIsUtf8 } from '../utf8.ts';

/** The `charset` parameter of a Content-Type header, lower-cased, if any. */
export function charsetOf(headers: Headers): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(header(headers, 'content-type') ?? '');
  return m ? m[1]!.toLowerCase() : undefined;
}

/**
 * 251125-transports-7, 260728-transports-29 (client rows): every request body carrying a JSON-RPC message (or declared
 * application/json) is UTF-8, byte for byte, and a charset its Content-Type declares, if any, is UTF-8.
 */
export const messagesUtf8: Judge = ({ exchanges }) => {
  // A body in another encoding may not even parse: one declared as JSON counts whatever it holds.
  const declaredJson = (e: Exchange) =>
    e.request.body.bytes > 0 &&
    (header(e.request.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
  const carrying = exchanges.filter((e) => carriesJsonRpc(e) || declaredJson(e));
  if (carrying.length === 0) return fail('no JSON-RPC message observed');
  for (const e of carrying) {
    const charset = charsetOf(e.request.headers);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
      return fail(`${e.request.method} x${e.x} declares Content-Type charset ${show(charset)}, not UTF-8`, [e.x]);
    if (!bodyIsUtf8(e.request.body))
      return fail(`${e.request.method} x${e.x} body (${e.request.body.bytes} bytes) is not UTF-8`, [e.x]);
  }
  return pass(
    `all ${carrying.length} JSON-RPC message bodies are UTF-8`,
    carrying.map((e) => e.x),
  );
};
