/** One replacement of pi's edit tool. */
export interface TextEdit {
  oldText: string;
  newText: string;
}

export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

const isEdit = (v: unknown): v is TextEdit =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TextEdit).oldText === 'string' &&
  typeof (v as TextEdit).newText === 'string';

/**
 * The replacements of a pi `edit` call, whatever shape the model sent: `{path, edits:[{oldText,newText}]}` (current),
 * `{path, oldText, newText}` (older), `edits` as a single object or as a JSON string (pi accepts these too, see its
 * `prepareEditArguments`). Anything else yields no edits: the page then shows the raw arguments.
 */
export function normalizeEdits(args: Record<string, unknown>): TextEdit[] {
  let edits: unknown = args.edits;
  if (typeof edits === 'string') {
    try {
      edits = JSON.parse(edits);
    } catch {
      edits = undefined;
    }
  }
  const out: TextEdit[] = Array.isArray(edits) ? edits.filter(isEdit) : isEdit(edits) ? [edits] : [];
  if (isEdit(args)) out.push({ oldText: args.oldText, newText: args.newText });
  return out;
}

/** Above this many cells the LCS table is skipped (a replace-all diff is shown): keeps builds bounded. */
const MAX_CELLS = 4_000_000;

/** Line diff of two texts by longest common subsequence; unchanged lines kept for context. */
export function lineDiff(a: string, b: string): DiffLine[] {
  const x = a.split('\n');
  const y = b.split('\n');
  if (x.length * y.length > MAX_CELLS) {
    return [...x.map((text) => ({ op: '-' as const, text })), ...y.map((text) => ({ op: '+' as const, text }))];
  }
  const n = x.length;
  const m = y.length;
  // lcs[i][j] = LCS length of x[i..] and y[j..], stored flat.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        x[i] === y[j]
          ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      out.push({ op: ' ', text: x[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) out.push({ op: '-', text: x[i++]! });
    else out.push({ op: '+', text: y[j++]! });
  }
  while (i < n) out.push({ op: '-', text: x[i++]! });
  while (j < m) out.push({ op: '+', text: y[j++]! });
  return out;
}
