import type { SchemaError, SchemaFinding, SchemaNote, TrialSchemaReport } from '../wire-schema/types.ts';

/** One schema finding as the replay shows it on its exchange. Every string may come from the trace: untrusted. */
export interface SchemaFindingView {
  /** `request body`, `response body`, `SSE event 2`, with `[i]` for a message inside a JSON array body. */
  place: string;
  /** `harness` or `subject`, with who that is in this trial (`prober`, `reference server`, `subject's server`, …). */
  sender: string;
  method?: string;
  def: string;
  errors: SchemaError[];
  moreErrors: number;
  /** Checkpoints whose verdict evidence names this exchange (the finding is evidence beside them, never a verdict). */
  checkpoints: string[];
  /** Why the violation is deliberate (a declared probe step or mutant), when it is. */
  declared?: string;
}

/** The schema check of one trial as the replay summarises it. */
export interface SchemaSummaryView {
  status: TrialSchemaReport['status'];
  /** One line: what was checked and found, or why it was skipped. */
  line: string;
  /** Findings (and notes) left out of the data set by the caps. */
  capped: boolean;
}

function place(f: Pick<SchemaFinding, 'where' | 'sse' | 'batch'>): string {
  const p = f.where === 'sse' ? `SSE event ${f.sse ?? 0}` : `${f.where} body`;
  return f.batch === undefined ? p : `${p} [${f.batch}]`;
}

function sender(f: Pick<SchemaFinding, 'sender' | 'where'>, perspective: 'prober' | 'reference' | undefined): string {
  if (f.sender === 'subject')
    return perspective === 'prober'
      ? 'subject (the server under test)'
      : perspective === 'reference'
        ? 'subject (the client under test)'
        : 'subject';
  return perspective === 'prober'
    ? 'harness (prober)'
    : perspective === 'reference'
      ? 'harness (reference server)'
      : 'harness';
}

/** Findings by exchange index, in wire order. */
export function schemaFindingsByExchange(
  report: TrialSchemaReport | undefined,
  perspective?: 'prober' | 'reference',
): Map<number, SchemaFindingView[]> {
  const out = new Map<number, SchemaFindingView[]>();
  for (const f of report?.findings ?? []) {
    const v: SchemaFindingView = {
      place: place(f),
      sender: sender(f, perspective),
      ...(f.method !== undefined ? { method: f.method } : {}),
      def: f.def,
      errors: f.errors,
      moreErrors: f.moreErrors,
      checkpoints: f.checkpoints ?? [],
      ...(f.declared !== undefined ? { declared: f.declared } : {}),
    };
    out.set(f.x, [...(out.get(f.x) ?? []), v]);
  }
  return out;
}

/** Notes (messages only partly checked) by exchange index, as `place: text` lines. */
export function schemaNotesByExchange(report: TrialSchemaReport | undefined): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const n of report?.notes ?? ([] as SchemaNote[]))
    out.set(n.x, [...(out.get(n.x) ?? []), `${place(n)}: ${n.text}`]);
  return out;
}

/** Exchange indexes with findings, per checkpoint (the verdict table links to them). */
export function schemaExchangesByCheckpoint(report: TrialSchemaReport | undefined): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const f of report?.findings ?? [])
    for (const c of f.checkpoints ?? []) if (!out.get(c)?.includes(f.x)) out.set(c, [...(out.get(c) ?? []), f.x]);
  return out;
}

/** `142 messages checked against the pinned schema: 3 findings (2 subject, 1 harness), 1 note` or the skip reason. */
export function schemaSummary(report: TrialSchemaReport | undefined): SchemaSummaryView {
  if (!report)
    return {
      status: 'skipped',
      line: 'Schema validation: not in the data set (re-run `npm run derive`).',
      capped: false,
    };
  if (report.status === 'skipped')
    return {
      status: 'skipped',
      line: `Schema validation skipped: ${report.reason ?? 'no reason given'}.`,
      capped: false,
    };
  const n = report.findings.length + report.moreFindings;
  const subject = report.findings.filter((f) => f.sender === 'subject').length;
  const plural = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  const parts =
    n === 0
      ? 'no findings'
      : `${plural(n, 'finding')} (${subject} subject, ${report.findings.length - subject} harness${report.moreFindings ? `, ${report.moreFindings} more not kept` : ''})`;
  const notes = report.notes.length + report.moreNotes;
  return {
    status: 'checked',
    line: `${plural(report.messages, 'JSON-RPC message')} checked against the pinned schema: ${parts}${notes ? `; ${plural(notes, 'message')} only partly checked` : ''}.`,
    capped: report.moreFindings > 0 || report.moreNotes > 0,
  };
}
