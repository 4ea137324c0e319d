import { jsonText } from './errors.ts';

/**
 * JSON with object keys sorted (UTF-16 code unit order) at every level and no whitespace: the same content always
 * gives the same text, whatever its key order, so it can be hashed. Like `JSON.stringify`, object members whose value
 * is `undefined` are left out and `undefined` in an array is `null` (a value that went through JSON hashes the same as
 * before). Iterative, with a depth limit: hostile input cannot overflow the stack.
 */
export function canonicalJson(v: unknown, maxDepth = 256): string {
  const out: string[] = [];
  // A work list of values to write and literal text to emit between them.
  const todo: { value?: unknown; text?: string; depth: number }[] = [{ value: v, depth: 0 }];
  while (todo.length) {
    const item = todo.pop()!;
    if (item.text !== undefined) {
      out.push(item.text);
      continue;
    }
    const x = item.value;
    if (item.depth > maxDepth) throw new RangeError(`nested deeper than ${maxDepth} levels`);
    if (Array.isArray(x)) {
      const parts: typeof todo = [{ text: '[', depth: 0 }];
      x.forEach((e, i) => {
        if (i) parts.push({ text: ',', depth: 0 });
        parts.push(e === undefined ? { text: 'null', depth: 0 } : { value: e, depth: item.depth + 1 });
      });
      parts.push({ text: ']', depth: 0 });
      for (let i = parts.length - 1; i >= 0; i--) todo.push(parts[i]!);
    } else if (x !== null && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      const keys = Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort();
      const parts: typeof todo = [{ text: '{', depth: 0 }];
      keys.forEach((k, i) => {
        parts.push({ text: `${i ? ',' : ''}${JSON.stringify(k)}:`, depth: 0 }, { value: o[k], depth: item.depth + 1 });
      });
      parts.push({ text: '}', depth: 0 });
      for (let i = parts.length - 1; i >= 0; i--) todo.push(parts[i]!);
    } else {
      out.push(jsonText(x) ?? 'null');
    }
  }
  return out.join('');
}
