import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { ModelApi } from '../../bench/schema/model-traffic.ts';

/** A provider family the proxy serves under one path prefix. */
export type Family = 'anthropic' | 'openai' | 'gemini';

/** The providers' own origins (a real run's upstreams). */
export const PROVIDER_ORIGINS: Record<Family, string> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com',
  gemini: 'https://generativelanguage.googleapis.com',
};

/** The host environment variable holding each family's real key (read by the proxy on the host, never passed in). */
export const KEY_VARIABLES: Record<Family, readonly string[]> = {
  anthropic: ['ANTHROPIC_API_KEY'],
  openai: ['OPENAI_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
};

export const familyOf = (api: ModelApi): Family =>
  api === 'anthropic-messages' ? 'anthropic' : api === 'gemini-generate' ? 'gemini' : 'openai';

/** `/anthropic/v1/messages` → the family, the API and the upstream path (`/v1/messages`); undefined: not ours. */
export function route(path: string): { family: Family; api: ModelApi; rest: string } | undefined {
  const m = /^\/(anthropic|openai|gemini)(\/.*)?$/.exec(path);
  if (!m) return undefined;
  const family = m[1] as Family;
  const rest = m[2] ?? '/';
  const api: ModelApi =
    family === 'anthropic'
      ? 'anthropic-messages'
      : family === 'gemini'
        ? 'gemini-generate'
        : rest.split('?')[0]!.endsWith('/chat/completions')
          ? 'openai-chat'
          : 'openai-responses';
  return { family, api, rest };
}

/** The key the harness presented, wherever its SDK puts it (header, bearer token or Gemini's `key=` query). */
export function presentedKey(family: Family, headers: IncomingHttpHeaders, path: string): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (family === 'anthropic') return (headers['x-api-key'] as string | undefined) ?? bearer;
  if (family === 'gemini')
    return (
      (headers['x-goog-api-key'] as string | undefined) ??
      new URLSearchParams(path.split('?')[1]).get('key') ??
      undefined
    );
  return bearer;
}

/** The path with any `key=` query value replaced, for the record and for the upstream (the key goes in a header). */
export function withoutKey(path: string, replacement = '[redacted]'): string {
  const [p, q] = path.split(/\?(.*)/s, 2) as [string, string | undefined];
  if (q === undefined) return p;
  const params = new URLSearchParams(q);
  if (!params.has('key')) return path;
  if (replacement === '') params.delete('key');
  else params.set('key', replacement);
  const s = params.toString();
  return s ? `${p}?${s}` : p;
}

/** Request headers that never pass: hop-by-hop, the length (recomputed), and every credential the harness sent. */
const DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'content-length',
  'accept-encoding',
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'cookie',
]);

/**
 * The headers sent upstream: the harness's own (its SDK's version and beta headers matter to the provider) minus the
 * dropped ones, bodies asked uncompressed (the proxy reads usage from them), and the real key where the provider
 * expects it, when there is one (the scripted model needs none).
 */
export function upstreamHeaders(
  family: Family,
  incoming: IncomingHttpHeaders,
  key: string | undefined,
  length: number,
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(incoming)) if (v !== undefined && !DROPPED.has(k)) out[k] = v;
  out['accept-encoding'] = 'identity';
  out['content-length'] = String(length);
  if (key !== undefined) {
    if (family === 'anthropic') out['x-api-key'] = key;
    else if (family === 'gemini') out['x-goog-api-key'] = key;
    else out.authorization = `Bearer ${key}`;
  }
  return out;
}

/** Response headers passed back: all but hop-by-hop ones (the proxy re-frames the body). */
export function downstreamHeaders(h: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined && !['connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) out[k] = v;
  return out;
}

/** An error body in the API's own shape, so the harness prints a reason and stops instead of retrying forever. */
export function errorBody(family: Family, status: number, message: string): string {
  if (family === 'anthropic')
    return JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message } });
  if (family === 'gemini') return JSON.stringify({ error: { code: status, message, status: 'FAILED_PRECONDITION' } });
  return JSON.stringify({ error: { message, type: 'invalid_request_error', code: 'mcpfs_proxy' } });
}
