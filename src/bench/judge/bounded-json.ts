/**
 * JSON from the subject, read and written with bounds, so no peer can make a judge (or the prober, or derive) overflow
 * the stack or build a huge string. `JSON.parse` itself does not recurse in V8, but `JSON.stringify` and every
 * recursive walker do: a value nested deeper than `MAX_JSON_DEPTH` is treated as not JSON at all.
 */

/** Deepest JSON nesting the harness reads (objects and arrays count; real MCP traffic stays under 10). */
export const MAX_JSON_DEPTH = 128;

/** Nesting depth of a JSON value, counted without recursion and stopping past `limit`. */
export function depthExceeds(v: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (d > limit) return true;
    for (const c of Array.isArray(x) ? x : Object.values(x))
      if (typeof c === 'object' && c !== null) stack.push([c, d + 1]);
  }
  return false;
}

/** Parse JSON text; `undefined` when it is empty, not JSON, or nested deeper than `maxDepth`. Never throws. */
export function parseJsonBounded(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (text.trim() === '') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  return depthExceeds(v, maxDepth) ? undefined : v;
}

/**
 * `JSON.stringify(v)` for messages, but total and bounded: it stops once `max` characters are written (the result
 * is then a prefix of the full text, at least `max` long) and writes `…` for anything nested deeper than `maxDepth`.
 * For values that fit, the output is exactly `JSON.stringify(v)` (`undefined` → `undefined`).
 */
export function stringifyBounded(v: unknown, max: number, maxDepth = 32): string | undefined {
  let out = '';
  const full = () => out.length >= max;
  // A string cut a little past the bound: the written text is still a prefix of the full text up to `max`.
  const str = (x: string) => {
    const room = max - out.length + 2;
    const s = JSON.stringify(x.length > room ? x.slice(0, room) : x);
    out += x.length > room ? s.slice(0, -1) : s;
  };
  const write = (x: unknown, depth: number, inArray: boolean): boolean => {
    if (full()) return true;
    if (x !== null && typeof x === 'object' && typeof (x as { toJSON?: unknown }).toJSON === 'function')
      x = (x as { toJSON: () => unknown }).toJSON();
    switch (typeof x) {
      case 'string':
        str(x);
        return true;
      case 'number':
        out += Number.isFinite(x) ? String(x) : 'null';
        return true;
      case 'boolean':
        out += String(x);
        return true;
      case 'bigint':
        out += String(x);
        return true;
      case 'undefined':
      case 'function':
      case 'symbol':
        if (inArray) out += 'null';
        return inArray;
      default:
        break;
    }
    if (x === null) {
      out += 'null';
      return true;
    }
    if (depth >= maxDepth) {
      out += '…';
      return true;
    }
    if (Array.isArray(x)) {
      out += '[';
      for (let i = 0; i < x.length && !full(); i++) {
        if (i > 0) out += ',';
        write(x[i], depth + 1, true);
      }
      if (!full()) out += ']';
      return true;
    }
    out += '{';
    let first = true;
    for (const k of Object.keys(x as object)) {
      if (full()) break;
      const val = (x as Record<string, unknown>)[k];
      if (val === undefined || typeof val === 'function' || typeof val === 'symbol') continue;
      if (!first) out += ',';
      first = false;
      str(k);
      if (full()) break;
      out += ':';
      write(val, depth + 1, false);
    }
    if (!full()) out += '}';
    return true;
  };
  return write(v, 0, false) ? out : undefined;
}

/** Cut text to `max` characters, marking the cut with `…` (the one-line form of every verdict message). */
export function cutText(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
