// The one table model behind every HTML table, CSV and JSON download: downloads serialise `rows`, the HTML renders
// `cells` (same shape), and each <td> carries its raw value, so tests can check that all three agree.

/** A raw cell value, as downloads publish it. */
export type Value = string | number | null;

export interface Column {
  /** Machine name: CSV header and JSON key. */
  key: string;
  /** Header text on the page. */
  label: string;
  /** Longer explanation (header tooltip and JSON). */
  title?: string;
  numeric?: boolean;
  /** Header group (e.g. a scenario) for a two-row header. */
  group?: string;
  /** Label of the header group (default: the group key); read from the group's first column. */
  groupLabel?: string;
  /** Header link (e.g. a scenario or checkpoint page). */
  href?: string;
  /** Long prose (quotes, judge messages): wraps at a readable width instead of widening the table. */
  wide?: boolean;
}

/** How a cell shows on the page. */
export interface Display {
  text: string;
  href?: string;
  /** Tooltip / accessible note. */
  note?: string;
  /** Short flag shown after the text (e.g. "k=1"). */
  flag?: string;
  /** Heat bucket 0–4 (matrix and score cells). */
  heat?: number | null;
  /** Several links in one cell (e.g. a cell's k trials); shown after `text`. */
  links?: { text: string; href: string }[];
  /** `text` is inline markdown (rendered through markdown.ts, which escapes it). */
  md?: boolean;
  /** A text badge after the cell's content (e.g. "re-run verified"), with its explanation as tooltip. */
  badge?: { text: string; note: string };
}

export interface Table {
  /** Stable id: download file name and HTML id. */
  id: string;
  caption: string;
  columns: Column[];
  rows: Value[][];
  /** Same shape as `rows`. */
  cells: Display[][];
  /** Footnotes shown under the table (and in JSON). */
  notes: string[];
  /** Per row: values for the page's filters, written as `data-<key>` on the row (e.g. harness, provider). */
  rowData?: Record<string, string>[];
  /**
   * Consecutive row groups, each its own body under a heading row (e.g. agents, libraries, calibration subjects), so
   * one kind can never pass for another; sorting stays inside a group. Row counts add up to `rows.length`.
   */
  sections?: { label: string; rows: number }[];
  /** Set when the page shows only the first rows (firstRows): how many, of how many; downloads keep every row. */
  cut?: { shown: number; of: number };
}

/** Row indices per table body: one body, or one per section (with its heading label). */
export function tableBodies(t: Pick<Table, 'rows' | 'sections'>): { label?: string; rows: number[] }[] {
  if (!t.sections) return [{ rows: t.rows.map((_, i) => i) }];
  let at = 0;
  return t.sections.map((s) => {
    const rows = Array.from({ length: s.rows }, (_, i) => at + i);
    at += s.rows;
    return { label: s.label, rows };
  });
}

const csvField = (v: Value): string => {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** RFC 4180 CSV with a header row of column keys, CRLF line ends. */
export function toCsv(t: Pick<Table, 'columns' | 'rows'>): string {
  return (
    [t.columns.map((c) => csvField(c.key)), ...t.rows.map((r) => r.map(csvField))]
      .map((r) => r.join(','))
      .join('\r\n') + '\r\n'
  );
}

/** JSON download: rows as objects keyed by column key, plus provenance. */
export function toJson(t: Table, provenance: { commit: string; dataset: string }): string {
  const rows = t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c.key, r[i] ?? null])));
  return (
    JSON.stringify(
      {
        id: t.id,
        caption: t.caption,
        columns: t.columns.map(({ key, label, title }) => ({ key, label, ...(title ? { title } : {}) })),
        rows,
        notes: t.notes,
        provenance,
      },
      null,
      1,
    ) + '\n'
  );
}

/** Parse CSV produced by toCsv (for tests and tools). */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') (row.push(field), (field = ''));
    else if (ch === '\r' && text[i + 1] === '\n') {
      (row.push(field), out.push(row), (row = []), (field = ''), i++);
    } else field += ch;
  }
  if (field !== '' || row.length) (row.push(field), out.push(row));
  return out;
}

/**
 * The table without those of `keys`' columns whose value is the same on every row (a harness version or an isolation
 * kind that never varies, as shown): each becomes one note, "Harness, every row: 5.1.0". A column that varies stays.
 */
export function foldConstantColumns(t: Table, keys: readonly string[]): Table {
  if (t.rows.length === 0) return t;
  const fold = t.columns.map(
    // Compared as shown: an isolation kind is the same kind whatever its trial count (the raw value counts them).
    (c, j) => keys.includes(c.key) && t.cells.every((r) => r[j]!.text === t.cells[0]![j]!.text),
  );
  if (!fold.includes(true)) return t;
  const pick = <T>(xs: readonly T[]): T[] => xs.filter((_, j) => !fold[j]);
  const said = t.columns.flatMap((c, j) => (fold[j] ? [`${c.label}, every row: ${t.cells[0]![j]!.text}.`] : []));
  return {
    ...t,
    columns: pick(t.columns),
    rows: t.rows.map(pick),
    cells: t.cells.map(pick),
    notes: [...said, ...t.notes],
  };
}

/**
 * The table's first `n` rows, saying so in its first note (`more`: where all of them are). A sectioned table, or one
 * of at most `n` rows, is returned whole. The downloads keep every row: they are keyed by the table's id.
 */
export function firstRows(t: Table, n: number, more: string): Table {
  if (t.rows.length <= n || t.sections) return t;
  return {
    ...t,
    rows: t.rows.slice(0, n),
    cells: t.cells.slice(0, n),
    ...(t.rowData ? { rowData: t.rowData.slice(0, n) } : {}),
    notes: [`The first ${n} of ${t.rows.length} rows: ${more}`, ...t.notes],
    cut: { shown: n, of: t.rows.length },
  };
}
