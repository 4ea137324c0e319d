// The hash chain of a wire log. Every line carries `h`: the first 16 hex digits of
// sha256(previous line's h + the line's canonical JSON without `h`); the header line starts the chain (its previous
// h is empty). The record stores the last h and the number of events (`wireChain`), so derive can say which line an
// edit broke, that lines were deleted or added, or that the log is not the one the record was written with. There is
// no secret key: anyone can recompute the chain, so this shows accidental or careless tampering and pins the log to
// its record; it is not forgery resistance (see CONTEXT.md, "Record integrity").
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.ts';
import type { WireChain } from '../schema/trial.ts';
import type { WireLog } from '../schema/wire-event.ts';

/** `h` of one line, given the previous line's `h` ('' for the header) and the line's value without `h`. */
export function lineHash(prev: string, value: unknown): string {
  return createHash('sha256').update(prev).update(canonicalJson(value)).digest('hex').slice(0, 16);
}

/** Serialise header and events as JSONL lines, each with its `h`, and the seal the record stores. */
export function chainLines(values: readonly unknown[]): { lines: string[]; seal: WireChain } {
  const lines: string[] = [];
  let prev = '';
  for (const v of values) {
    // Through JSON first, so what is hashed is exactly what a reader parses back (undefined members dropped).
    const plain = JSON.parse(JSON.stringify(v)) as Record<string, unknown>;
    delete plain.h;
    prev = lineHash(prev, plain);
    lines.push(JSON.stringify({ ...plain, h: prev }));
  }
  return { lines, seal: { events: Math.max(0, values.length - 1), head: prev } };
}

/** A wire log as JSONL text: header line, then one event per line, each with its chain hash `h`. */
export function wireJsonl(log: WireLog): string {
  return chainLines([log.header, ...log.events]).lines.join('\n') + '\n';
}

/** The seal a record stores for its wire log: event count and the last line's `h`. */
export function wireSeal(log: WireLog): WireChain {
  return chainLines([log.header, ...log.events]).seal;
}
