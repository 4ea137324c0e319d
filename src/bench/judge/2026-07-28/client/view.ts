import { isObject, requestMessages, type Exchange } from '../../exchanges.ts';
import { errorOf, isRequest, resultOf } from '../../jsonrpc.ts';
import { answerIn, type Msg } from '../../common/client/view.ts';
import { CODE, META } from '../../../plans/2026-07-28/protocol.ts';

// The x-mcp-header encoding rules, read by these judges and by the reference server alike.
export {
  annotatedParams,
  annotationProblem,
  annotationViolation,
  decodeSentinel,
  headerCarries,
  headerText,
  looksLikeSentinel,
  paramString,
  plainSafe,
  valueAt,
  type Annotated,
  type AnnotationRule,
} from '../../../plans/2026-07-28/param-headers.ts';

/**
 * Views of a 2026-07-28 reference-perspective wire log: the client under test POSTed requests, the reference answered.
 * Pure and total: a malformed client message simply does not match.
 */

export { reqHeader, show, type Msg } from '../../common/client/view.ts';

/** Reserved `_meta` keys of a 2026-07-28 request (basic/index.mdx, "Per-request protocol fields"). */
export const META_VERSION = META.protocolVersion;
export const META_CAPABILITIES = META.clientCapabilities;
export const META_CLIENT_INFO = META.clientInfo;

/** Error codes a modern (2026-07-28) server answers with HTTP 400 (basic/index.mdx error table). */
export const HEADER_MISMATCH = CODE.headerMismatch;
export const MISSING_CAPABILITY = CODE.missingCapability;
export const UNSUPPORTED_VERSION = CODE.unsupportedVersion;

/** One JSON-RPC request the client POSTed, with what the reference answered. */
export interface ClientRequest {
  x: number;
  /** Time the request arrived. */
  t: number;
  ex: Exchange;
  method: string;
  id: unknown;
  params: Msg;
  /** `params._meta`, when it is an object. */
  meta?: Msg;
  /** The response to it (same id) and when it left the reference, if one was sent. */
  answer?: { t: number; msg: Msg };
  /** When the client had its reply: the response's time, else the end of the HTTP response (e.g. a 400 with id null). */
  doneAt?: number;
}

/** Every JSON-RPC request the client POSTed (one per POST; a batch yields each of its requests), in log order. */
export function clientRequests(exchanges: readonly Exchange[]): ClientRequest[] {
  const out: ClientRequest[] = [];
  for (const ex of exchanges) {
    if (ex.request.method !== 'POST') continue;
    for (const m of requestMessages(ex)) {
      if (!isRequest(m)) continue;
      const params = isObject(m.params) ? m.params : {};
      const a = answerIn(ex, m.id);
      out.push({
        x: ex.x,
        t: ex.request.t,
        ex,
        method: m.method,
        id: m.id,
        params,
        ...(isObject(params._meta) ? { meta: params._meta } : {}),
        ...(a ? { answer: { t: a.t, msg: a.msg } } : {}),
        ...(a || ex.end ? { doneAt: a?.t ?? ex.end!.t } : {}),
      });
    }
  }
  return out;
}

/** The result object of the request's answer, when it was a success. */
export const resultFor = (r: ClientRequest): Msg | undefined => (r.answer ? resultOf(r.answer.msg) : undefined);

/** The error object of the request's answer (or of a 4xx body without a matching id), when it was an error. */
export function errorFor(r: ClientRequest): { code?: unknown; message?: unknown; data?: unknown } | undefined {
  if (r.answer) return errorOf(r.answer.msg);
  return errorOf(r.ex.json);
}

/** The Base64 sentinel `=?base64?…?=` (markers case-sensitive, streamable-http.mdx "Value Encoding"). */
export { isObject };
