import { header, isObject } from '../../exchanges.ts';
import { toolTexts } from '../../jsonrpc.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import {
  annotatedParams,
  clientRequests,
  errorFor,
  HEADER_MISMATCH,
  headerCarries,
  reqHeader,
  resultFor,
  show,
  valueAt,
  type ClientRequest,
} from './view.ts';
import { judge } from '../../define.ts';

/**
 * Judges of the scenarios where the reference misbehaves within the spec's allowance (server-drift, slow-server) or
 * writes its headers unusually (stateless-call): what the client did with what it got. All read the wire log alone.
 */

/** resultType values a 2026-07-28 client recognises (basic/index.mdx "Result types"). */
const KNOWN_RESULT_TYPES = new Set(['complete', 'input_required']);

/** Every string anywhere in a JSON value (bounded by the value itself; judges never see deeper values than parsed). */
function stringsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (isObject(v)) for (const x of Object.values(v)) stringsIn(x, out);
  return out;
}

/** The first tools/call after `t` whose arguments carry one of `texts` somewhere, if any. */
function laterCallCarrying(all: ClientRequest[], t: number, texts: readonly string[]): ClientRequest | undefined {
  return all.find(
    (r) => r.method === 'tools/call' && r.t > t && stringsIn(r.params.arguments).some((s) => texts.includes(s)),
  );
}

/**
 * 260728-shttp-574: a response whose Content-Type header name the reference wrote in an unusual case (`CONTENT-TYPE`)
 * was read all the same: the text of its tool result shows up in a later tool call's arguments.
 */
export const headerNamesCaseInsensitive = judge('http-header-names-case-insensitive', ({ exchanges }) => {
  const all = clientRequests(exchanges);
  const odd = all.filter(
    (r) =>
      r.method === 'tools/call' &&
      r.ex.response?.headers.some(([k]) => k.toLowerCase() === 'content-type' && k !== 'Content-Type') === true,
  );
  const read = odd.filter((r) => resultFor(r) !== undefined && toolTexts(resultFor(r)).length > 0);
  if (read.length === 0)
    return notApplicable('no tool result travelled on a response with an unusually cased Content-Type');
  for (const r of read) {
    const used = laterCallCarrying(all, r.answer!.t, toolTexts(resultFor(r)));
    if (!used)
      return fail(
        `the result of tools/call x${r.x} (${show(r.params.name)}), sent with the header name ${show(r.ex.response!.headers.find(([k]) => k.toLowerCase() === 'content-type')![0])}, was never used`,
        [r.x],
      );
  }
  return pass(
    `${read.length} result(s) sent under an unusually cased Content-Type were read and used`,
    read.map((r) => r.x),
  );
});

/**
 * 260728-basic-84: a result with an unrecognised resultType is invalid: its text (a decoy) is never passed on, in
 * particular never submitted as the answer.
 */
export const unknownResultTypeInvalid = judge('result-type-unknown-invalid', ({ exchanges }) => {
  const all = clientRequests(exchanges);
  const unknown = all.filter((r) => {
    const type = resultFor(r)?.resultType;
    return typeof type === 'string' && !KNOWN_RESULT_TYPES.has(type);
  });
  if (unknown.length === 0) return notApplicable('no result with an unrecognised resultType reached the client');
  for (const r of unknown) {
    const used = laterCallCarrying(all, r.answer!.t, toolTexts(resultFor(r)));
    if (used)
      return fail(
        `tools/call x${used.x} passed on the text of x${r.x}'s result, whose resultType ${show(resultFor(r)!.resultType)} is unrecognised`,
        [r.x, used.x],
      );
  }
  return pass(
    `${unknown.length} result(s) with an unrecognised resultType were not used`,
    unknown.map((r) => r.x),
  );
});

/** The tool's inputSchema in a tools/list result, if listed. */
function listedSchema(list: ClientRequest, tool: string): unknown {
  const tools = resultFor(list)?.tools;
  const t = Array.isArray(tools) ? tools.find((x) => isObject(x) && x.name === tool) : undefined;
  return isObject(t) ? t.inputSchema : undefined;
}

/**
 * 260728-shttp-539: after a tools/call refused with HeaderMismatch, the client lists the tools again and then retries
 * the call with every Mcp-Param header the re-listed inputSchema asks for (values as in the retry's arguments).
 */
export const relistAfterMismatch = judge('params-relist-after-mismatch', ({ exchanges }) => {
  const all = clientRequests(exchanges);
  const refused = all.filter((r) => r.method === 'tools/call' && errorFor(r)?.code === HEADER_MISMATCH);
  if (refused.length === 0) return notApplicable('no tools/call was refused with HeaderMismatch');
  for (const r of refused) {
    const after = r.doneAt ?? r.t;
    const retry = all.find((q) => q.method === 'tools/call' && q.t > after && q.params.name === r.params.name);
    if (!retry) return fail(`tools/call x${r.x} was refused with HeaderMismatch and never retried`, [r.x]);
    const list = all.filter((q) => q.method === 'tools/list' && q.t > after && q.t < retry.t && resultFor(q)).at(-1);
    if (!list) return fail(`x${retry.x} retried x${r.x} without listing the tools again first`, [r.x, retry.x]);
    for (const a of annotatedParams(listedSchema(list, String(r.params.name)))) {
      const value = valueAt(retry.params.arguments, a.path);
      if (value === undefined || value === null) continue;
      const h = reqHeader(retry.ex, `mcp-param-${a.name}`);
      if (h === undefined || !headerCarries(h, value))
        return fail(
          `retry x${retry.x} carries Mcp-Param-${a.name} ${show(h)}, not the ${show(value)} the re-listed schema (x${list.x}) asks for`,
          [r.x, list.x, retry.x],
        );
    }
  }
  return pass(
    `${refused.length} refused call(s), each retried after a fresh tools/list with the headers it asks for`,
    refused.map((r) => r.x),
  );
});

/**
 * 260728-cancellation-48: a tools/call whose SSE response stayed silent was cancelled the Streamable HTTP way: the
 * client closed that response stream itself (before the reference gave up on it), and before a retry of the call was
 * answered (it stopped waiting instead of holding both).
 */
export const cancelOnTimeout = judge('cancel-on-timeout', ({ exchanges }) => {
  const all = clientRequests(exchanges);
  const hung = all.filter(
    (r) =>
      r.method === 'tools/call' &&
      !r.answer &&
      r.ex.response?.status === 200 &&
      (header(r.ex.response.headers, 'content-type') ?? '').toLowerCase().startsWith('text/event-stream'),
  );
  if (hung.length === 0) return notApplicable('no tools/call was left without an answer on an open stream');
  for (const r of hung) {
    const end = r.ex.end;
    if (end?.reason !== 'reset')
      return fail(
        `the silent response of tools/call x${r.x} was ${end ? `ended by the server (${end.reason})` : 'never closed'}, not closed by the client`,
        [r.x],
      );
    const retry = all.find((q) => q.method === 'tools/call' && q.t > r.t && q.params.name === r.params.name);
    if (retry?.answer && end.t > retry.answer.t)
      return fail(
        `the silent response of tools/call x${r.x} was closed only after its retry x${retry.x} was answered`,
        [r.x, retry.x],
      );
  }
  return pass(
    `${hung.length} silent call(s), each cancelled by closing its response stream`,
    hung.map((r) => r.x),
  );
});
