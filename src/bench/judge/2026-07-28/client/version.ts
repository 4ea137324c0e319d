import { fail, notApplicable, pass } from '../../types.ts';
import {
  clientRequests,
  errorFor,
  HEADER_MISMATCH,
  isObject,
  META_VERSION,
  MISSING_CAPABILITY,
  reqHeader,
  show,
  UNSUPPORTED_VERSION,
  type ClientRequest,
} from './view.ts';
import { judge } from '../../define.ts';

/** The version a request declared: `_meta` protocolVersion, else the header. */
const declared = (r: ClientRequest): unknown => r.meta?.[META_VERSION] ?? reqHeader(r.ex, 'mcp-protocol-version');

/**
 * 260728-versioning-69: after an UnsupportedProtocolVersionError listing `data.supported`, the client's next request
 * declares a version from that list. Its reading (what the sentence leaves open) is the checkpoint's `reading` in the
 * scenario file.
 */
export const versionRetryListed = judge('version-retry-listed', ({ exchanges }) => {
  const reqs = clientRequests(exchanges);
  const rejected = reqs.filter((r) => {
    const e = errorFor(r);
    return e?.code === UNSUPPORTED_VERSION && isObject(e.data) && Array.isArray(e.data.supported);
  });
  if (rejected.length === 0)
    return notApplicable('the server never answered UnsupportedProtocolVersionError with a supported list');
  for (const r of rejected) {
    const supported = (errorFor(r)!.data as { supported: unknown[] }).supported;
    const next = reqs.find((q) => q.t > (r.doneAt ?? r.t));
    if (!next) continue;
    if (!supported.includes(declared(next)))
      return fail(
        `after -32022 listing ${show(supported)} (x${r.x}) the next request x${next.x} declares ${show(declared(next))}`,
        [r.x, next.x],
      );
  }
  const retried = rejected.filter((r) => reqs.some((q) => q.t > (r.doneAt ?? r.t)));
  if (retried.length === 0)
    return notApplicable(
      `the client sent no request after the -32022 error(s) (it surfaced an error; whether it had a compatible version is not observable)`,
      rejected.map((r) => r.x),
    );
  return pass(
    `each of ${retried.length} -32022 error(s) followed by a request was retried with a listed version`,
    retried.map((r) => r.x),
  );
});

/** Codes by which a 400 body shows a modern server (streamable-http.mdx "Backward Compatibility"). */
const MODERN_CODES = new Set<unknown>([HEADER_MISMATCH, MISSING_CAPABILITY, UNSUPPORTED_VERSION]);

/** 260728-shttp-654: after a 400 whose body is a recognized modern JSON-RPC error, the client does not fall back to `initialize`. */
export const noInitializeFallback = judge('version-no-initialize-fallback', ({ exchanges }) => {
  const reqs = clientRequests(exchanges);
  const modern400 = reqs.filter((r) => r.ex.response?.status === 400 && MODERN_CODES.has(errorFor(r)?.code));
  if (modern400.length === 0) return notApplicable('the server never answered 400 with a modern JSON-RPC error');
  const first = modern400[0]!;
  const fallback = reqs.find((q) => q.method === 'initialize' && q.t > (first.doneAt ?? first.t));
  if (fallback)
    return fail(`initialize x${fallback.x} after the modern 400 (code ${show(errorFor(first)?.code)}, x${first.x})`, [
      first.x,
      fallback.x,
    ]);
  return pass(
    `no initialize after ${modern400.length} modern 400 response(s)`,
    modern400.map((r) => r.x),
  );
});
