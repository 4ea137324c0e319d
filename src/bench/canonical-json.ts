import { jsonText } from './errors.ts';

/**
 * JSON with object keys sorted (UTF-16 code unit order) at every level and no whitespace: the same content always
 * gives the same text, whatever its key order, so it can be hashed. Like `JSON.stringify`, object members whose value
 * is `undefined` are left out and `undefined` in an array is `null` (a value that went through JSON hashes the same as
 * before). Recursive, but bounded: past `maxDepth` levels it throws a RangeError, long before V8's stack runs out, so
 * hostile input cannot overflow the stack. (It was an explicit work list of string pieces; recursion allocates less
 * per value, and derive hashes every wire log line with it. Its gain was measured only together with hashing each
 * line once instead of twice, as part of derive's time: docs/performance.md.)
 */
export function canonicalJson(v: unknown, maxDepth = 256): string {
  return write(v, 0, maxDepth);
}

function write(x: unknown, depth: number, maxDepth: number): string {
  if (depth > maxDepth) throw new RangeError(`nested deeper than ${maxDepth} levels`);
  if (x === null || typeof x !== 'object') return jsonText(x) ?? 'null';
  if (Array.isArray(x)) {
    let s = '[';
    for (let i = 0; i < x.length; i++) {
      if (i) s += ',';
      const e: unknown = x[i];
      s += e === undefined ? 'null' : write(e, depth + 1, maxDepth);
    }
    return s + ']';
  }
  const o = x as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  let s = '{';
  let first = true;
  for (const k of keys) {
    const e = o[k];
    if (e === undefined) continue;
    s += `${first ? '' : ','}${JSON.stringify(k)}:${write(e, depth + 1, maxDepth)}`;
    first = false;
  }
  return s + '}';
}
