import { z } from 'zod';
import { parseJson, zodProblems, type Problem } from '../problems.ts';
import { WIRE_FORMAT, WireEventSchema, WireHeaderSchema, type WireEvent, type WireLog } from '../schema/wire-event.ts';
import { TranscriptEntrySchema, type TranscriptEntry } from '../schema/transcript.ts';

/** Validate JSON text against a schema; problems are path-first. */
export function parseWith<S extends z.ZodType>(file: string, text: string, schema: S): { value?: z.infer<S>; problems: Problem[] } {
  const j = parseJson(file, text);
  if (!j.ok) return { problems: [j.problem] };
  const r = schema.safeParse(j.value);
  return r.success ? { value: r.data, problems: [] } : { problems: zodProblems(file, r.error) };
}

function jsonLines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((t, i) => ({ line: i + 1, text: t }))
    .filter((l) => l.text.trim() !== '');
}

/** Parse a wire log sidecar (JSONL: header line, then events). Problems name the line: `line 7: t: …`. */
export function parseWireLog(file: string, text: string): { log?: WireLog; problems: Problem[] } {
  const lines = jsonLines(text);
  const problems: Problem[] = [];
  if (lines.length === 0) return { problems: [{ file, message: 'empty wire log: the first line must be the wire header' }] };
  const events: WireEvent[] = [];
  let header: WireLog['header'] | undefined;
  for (const l of lines) {
    const j = parseJson(file, l.text);
    if (!j.ok) {
      problems.push({ file, field: `line ${l.line}`, message: j.problem.message });
      continue;
    }
    if (l === lines[0] && (typeof j.value !== 'object' || j.value === null || (j.value as { type?: unknown }).type !== 'wire')) {
      // Without this, a missing header shows as a pile of schema errors about the first event.
      problems.push({ file, field: `line ${l.line}`, message: `expected the wire header {"type":"wire","format":"${WIRE_FORMAT}",…} as the first line` });
      continue;
    }
    const schema = l === lines[0] ? WireHeaderSchema : WireEventSchema;
    const r = schema.safeParse(j.value);
    if (!r.success) {
      problems.push(...zodProblems(file, r.error).map((p) => ({ ...p, field: `line ${l.line}${p.field ? `: ${p.field}` : ''}` })));
      continue;
    }
    if (l === lines[0]) header = r.data as WireLog['header'];
    else events.push(r.data as WireEvent);
  }
  if (problems.length > 0 || !header) return { problems };
  return { log: { header, events }, problems };
}

/** Parse a transcript sidecar (JSONL, any entry with a string `type`). */
export function parseTranscript(file: string, text: string): { entries?: TranscriptEntry[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const entries: TranscriptEntry[] = [];
  for (const l of jsonLines(text)) {
    const j = parseJson(file, l.text);
    if (!j.ok) {
      problems.push({ file, field: `line ${l.line}`, message: j.problem.message });
      continue;
    }
    const r = TranscriptEntrySchema.safeParse(j.value);
    if (!r.success) problems.push(...zodProblems(file, r.error).map((p) => ({ ...p, field: `line ${l.line}${p.field ? `: ${p.field}` : ''}` })));
    else entries.push(r.data);
  }
  return problems.length ? { problems } : { entries, problems };
}
