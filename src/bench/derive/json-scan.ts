// What JSON.parse accepts without a word: a key given twice in one object (it keeps the last one, so
// `"verdict": "pass", "verdict": "fail"` reads as "fail" while a reviewer reads "pass"), and nesting deep enough to
// overflow a recursive reader later. A small iterative scanner over text JSON.parse already accepted.

/** `["verdicts", 1, "verdict"]` → `verdicts[1].verdict` (as problems.ts formats zod paths; kept here: no import cycle). */
function formatFieldPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out;
}

/** Deepest nesting of arrays and objects a record, wire-log line or transcript line may have. */
export const MAX_JSON_DEPTH = 64;

export interface JsonScanIssue {
  kind: 'duplicate' | 'depth';
  /** Field path of the duplicated key (or, shortened, of the too-deep value), e.g. `verdicts[1].verdict`. */
  field: string;
  message: string;
}

interface Frame {
  kind: 'object' | 'array';
  /** Path segment of this container within its parent. */
  seg: string | number | undefined;
  keys?: Set<string>;
  /** Object: the key whose value comes next. Array: the index of the next element. */
  next: string | number;
  /** Object: true while a key (not a value) is expected. */
  wantKey: boolean;
}

/** End of the JSON string that starts with the quote at `i` (index of the closing quote). */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    let back = 0;
    for (let k = q - 1; text.charCodeAt(k) === 92; k--) back++;
    if (back % 2 === 0) return q;
    j = q + 1;
  }
}

/**
 * Duplicate keys (one issue per duplicate, at most `limit`) and nesting deeper than `maxDepth` (scanning stops there).
 * `text` must be valid JSON (call after JSON.parse succeeded). Keys are compared decoded (`"a"` = `"\u0061"`).
 */
export function scanJson(text: string, maxDepth = MAX_JSON_DEPTH, limit = 10): JsonScanIssue[] {
  const issues: JsonScanIssue[] = [];
  const stack: Frame[] = [];
  const here = (): (string | number)[] => {
    const segs: (string | number)[] = [];
    for (let d = 1; d < stack.length; d++) segs.push(stack[d]!.seg!);
    return segs;
  };
  for (let i = 0; i < text.length && issues.length < limit; i++) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      const seg = top ? top.next : undefined;
      if (stack.length >= maxDepth) {
        const path = [...here(), ...(seg === undefined ? [] : [seg])];
        issues.push({
          kind: 'depth',
          field: formatFieldPath(path.slice(0, 3)) + (path.length > 3 ? '…' : ''),
          message: `nested deeper than ${maxDepth} levels`,
        });
        break;
      }
      stack.push(
        c === '{'
          ? { kind: 'object', seg, keys: new Set(), next: '', wantKey: true }
          : { kind: 'array', seg, next: 0, wantKey: false },
      );
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      if (top?.kind === 'array') top.next = (top.next as number) + 1;
      else if (top) top.wantKey = true;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      if (top?.kind === 'object' && top.wantKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (top.keys!.has(key))
          issues.push({
            kind: 'duplicate',
            field: formatFieldPath([...here(), key]),
            message: 'duplicate key: JSON.parse would silently keep only the last value',
          });
        top.keys!.add(key);
        top.next = key;
        top.wantKey = false;
      }
      i = end;
    }
  }
  return issues;
}
