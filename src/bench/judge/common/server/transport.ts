import type { Exchange } from '../../exchanges.ts';
import { described, mediaType, responsesIn, sentRequest } from '../../jsonrpc.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { byStep, ok2xx } from './find.ts';
import { jsonText } from '../../../errors.ts';

/**
 * Server-role transport rules both revisions word the same way (a revision registers them under its own slugs, see its
 * `reused.ts`), and the status check its plans build judges from.
 */

/** A judge that expects one step to be answered with one status. */
export function statusIs(step: string, want: number, what: string): Judge {
  return ({ exchanges }) => {
    const ex = byStep(exchanges, step);
    const ev = ex ? [ex.x] : [];
    if (ex?.response?.status === want) return pass(`${what} got ${want}`, ev);
    return fail(`Expected ${want} for ${what}, got ${described(ex)}`, ev);
  };
}

/** 251125-transports-101, 260728-shttp-88: every 2xx answer to a POSTed JSON-RPC request is application/json or text/event-stream. */
export const requestContentType: Judge = ({ exchanges }) => {
  const answered = exchanges.flatMap((e) => {
    const req = e.request.method === 'POST' ? sentRequest(e) : undefined;
    return req && ok2xx(e) ? [{ e, method: req.method }] : [];
  });
  if (answered.length === 0)
    return fail(
      'Expected 2xx answers to JSON-RPC requests, got none',
      exchanges.map((e) => e.x),
    );
  const bad = answered.find((a) => !['application/json', 'text/event-stream'].includes(mediaType(a.e)));
  if (bad)
    return fail(
      `Expected Content-Type application/json or text/event-stream for ${bad.method}, got "${mediaType(bad.e) || 'none'}"`,
      [bad.e.x],
    );
  return pass(
    `${answered.length} request answers were application/json or text/event-stream`,
    answered.map((a) => a.e.x),
  );
};

/** Every result response to a request the client sent, with whether its id matched (first mismatch ends the scan). */
function scanResultIds(exchanges: readonly Exchange[]) {
  const checked: Exchange[] = [];
  const kinds = new Set<string>();
  for (const ex of exchanges) {
    const req = sentRequest(ex);
    if (!req) continue;
    for (const m of responsesIn(ex)) {
      if (!('result' in m)) continue;
      if (JSON.stringify(m.id) !== JSON.stringify(req.id))
        return {
          checked,
          kinds,
          miss: fail(
            `Expected result id ${JSON.stringify(req.id)} for ${req.method}, got ${jsonText(m.id) ?? 'no id'}`,
            [ex.x],
          ),
        };
      checked.push(ex);
      kinds.add(typeof req.id);
    }
  }
  return { checked, kinds, miss: undefined };
}

/** 251125-basic-69, 260728-basic-70: every result response carries its request's id, with its type (string and integer ids probed). */
export const responseIdEchoed: Judge = ({ exchanges }) => {
  const { checked, kinds, miss } = scanResultIds(exchanges);
  if (miss) return miss;
  if (!kinds.has('string') || !kinds.has('number')) {
    return fail(
      `Expected result responses to both string and integer request ids, got ${checked.length} result responses (id types: ${[...kinds].sort().join(', ') || 'none'})`,
      checked.map((e) => e.x),
    );
  }
  return pass(
    `${checked.length} result responses echoed their request ids (string and integer)`,
    checked.map((e) => e.x),
  );
};

/**
 * The same rule over whatever ids the client chose (no coverage of both id types, which only the prober can arrange):
 * how a peer of ours is held to it (`peer-rules.ts`). Not applicable when there is no result response.
 */
export const resultIdsEchoed: Judge = ({ exchanges }) => {
  const { checked, miss } = scanResultIds(exchanges);
  if (miss) return miss;
  if (checked.length === 0) return notApplicable('no result response', []);
  return pass(
    `${checked.length} result responses echoed their request ids`,
    checked.map((e) => e.x),
  );
};
