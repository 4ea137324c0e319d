import { z } from 'zod';
import { parseJson, zodProblems, type Problem } from '../problems.ts';
import type { WireChain } from '../schema/trial.ts';
import {
  WIRE_FORMAT,
  WireEventLineSchema,
  WireHeaderLineSchema,
  type WireEvent,
  type WireLog,
} from '../schema/wire-event.ts';
import { TranscriptEntrySchema, type TranscriptEntry } from '../schema/transcript.ts';
import { lineHash } from './wire-chain.ts';

/** Validate JSON text against a schema; problems are path-first. */
export function parseWith<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
): { value?: z.infer<S>; problems: Problem[] } {
  const j = parseJson(file, text);
  if (!j.ok) return { problems: [j.problem] };
  const r = schema.safeParse(j.value);
  return r.success ? { value: r.data, problems: [] } : { problems: zodProblems(file, r.error) };
}

/** The non-blank lines of a JSONL text, each with its 1-based file line number. */
export function jsonLines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((t, i) => ({ line: i + 1, text: t }))
    .filter((l) => l.text.trim() !== '');
}

/** A problem on one line of a JSONL file: `line 7: t: …`. */
export const onLine = (line: number, p: Problem): Problem => ({
  ...p,
  field: `line ${line}${p.field ? `: ${p.field}` : ''}`,
});

/** A parsed wire log with what the integrity checks need beside it. */
export interface ParsedWireLog {
  log?: WireLog;
  /** File line (1-based) of each event, in event order. */
  lines?: number[];
  /** The chain recomputed from the content (event count, head): the log's identity, whatever its stored `h` say. */
  seal?: WireChain;
  /** `h` of the last line as stored (what the record's `wireChain.head` must equal). */
  storedHead?: string;
  problems: Problem[];
}

/** Most characters of a body's `data` that `bodyCap` bytes can give (UTF-8 text: ≤ 1 character per byte; base64: 4 per 3). */
const capChars = (b: { encoding: 'utf8' | 'base64' }, cap: number) =>
  b.encoding === 'utf8' ? cap : Math.ceil(cap / 3) * 4;

/**
 * Parse a wire log sidecar (JSONL: header line, then events, each line with its chain hash `h`). Problems name the
 * line: `line 7: t: …`. Besides the schema, refused: a broken hash chain (an edited line, or one deleted before it),
 * time going backwards, two requests of one exchange, an event of an exchange before its request, a body longer than
 * the header's cap.
 */
export function parseWireLog(file: string, text: string): ParsedWireLog {
  const lines = jsonLines(text);
  const problems: Problem[] = [];
  if (lines.length === 0)
    return { problems: [{ file, message: 'empty wire log: the first line must be the wire header' }] };
  const events: WireEvent[] = [];
  const eventLines: number[] = [];
  let header: WireLog['header'] | undefined;
  // `stored`: the previous line's h as written (each line is checked against it, so an edit breaks only its own line).
  let stored: string | undefined = '';
  let content = '';
  let last = { t: -1, line: 0 };
  const requests = new Map<number, number>();
  for (const l of lines) {
    const first = l === lines[0];
    const j = parseJson(file, l.text);
    if (!j.ok) {
      problems.push(onLine(l.line, j.problem));
      stored = undefined;
      continue;
    }
    if (first && (typeof j.value !== 'object' || j.value === null || (j.value as { type?: unknown }).type !== 'wire')) {
      // Without this, a missing header shows as a pile of schema errors about the first event.
      problems.push({
        file,
        field: `line ${l.line}`,
        message: `expected the wire header {"type":"wire","format":"${WIRE_FORMAT}",…} as the first line`,
      });
      stored = undefined;
      continue;
    }
    if (typeof j.value === 'object' && j.value !== null && !Array.isArray(j.value)) {
      const { h, ...rest } = j.value as Record<string, unknown>;
      // While the stored chain agrees with the content's (every intact log), one hash serves both checks.
      const expected: string | undefined = stored === content ? undefined : stored;
      content = lineHash(content, rest);
      // A missing or malformed h is the schema's to report; the chain resumes after the next well-formed one.
      const wellFormed = typeof h === 'string' && /^[0-9a-f]{16}$/.test(h);
      if (wellFormed && stored !== undefined && h !== (expected === undefined ? content : lineHash(expected, rest))) {
        problems.push({
          file,
          field: `line ${l.line}: h`,
          message: `hash chain broken: the line does not hash to its h${first ? '' : " from the previous line's h"}: ${first ? 'the header was edited' : 'this line was edited, or a line before it was deleted or inserted'}`,
          hint: 'records and wire logs are never edited by hand: re-run the trial',
        });
      }
      stored = wellFormed ? (h as string) : undefined;
    } else stored = undefined;
    const r = (first ? WireHeaderLineSchema : WireEventLineSchema).safeParse(j.value);
    if (!r.success) {
      problems.push(...zodProblems(file, r.error).map((p) => onLine(l.line, p)));
      // A malformed request still opens its exchange: its events are not reported a second time as orphans.
      const raw = j.value as { type?: unknown; x?: unknown } | null; // any JSON value, null included
      if (raw?.type === 'request' && Number.isInteger(raw.x)) requests.set(raw.x as number, l.line);
      continue;
    }
    const { h: _h, ...value } = r.data as { h: string };
    if (first) {
      header = value as WireLog['header'];
      continue;
    }
    const e = value as WireEvent;
    problems.push(...eventProblems(file, l.line, e, header, last, requests));
    last = { t: Math.max(last.t, e.t), line: e.t >= last.t ? l.line : last.line };
    events.push(e);
    eventLines.push(l.line);
  }
  if (problems.length > 0 || !header) return { problems };
  return {
    log: { header, events },
    lines: eventLines,
    seal: { events: events.length, head: content },
    storedHead: stored,
    problems,
  };
}

/** What one event may not do given the events before it (time order, exchange numbering, the body cap). */
function eventProblems(
  file: string,
  line: number,
  e: WireEvent,
  header: WireLog['header'] | undefined,
  last: { t: number; line: number },
  requests: Map<number, number>,
): Problem[] {
  const out: Problem[] = [];
  if (e.t < last.t)
    out.push({
      file,
      field: `line ${line}: t`,
      message: `${e.t} is before the previous event's t ${last.t} (line ${last.line}): the recorder writes events in time order`,
    });
  if (e.type === 'request') {
    const seen = requests.get(e.x);
    if (seen !== undefined)
      out.push({
        file,
        field: `line ${line}: x`,
        message: `exchange ${e.x} already has a request (line ${seen}): each exchange has one`,
      });
    else requests.set(e.x, line);
  } else if ('x' in e && e.x !== undefined && !requests.has(e.x)) {
    out.push({ file, field: `line ${line}: x`, message: `no request of exchange ${e.x} before this line` });
  }
  const body = e.type === 'request' || e.type === 'body' ? e.body : undefined;
  if (body && header && body.data.length > capChars(body, header.bodyCap)) {
    out.push({
      file,
      field: `line ${line}: body.data`,
      message: `holds more than the header's bodyCap (${header.bodyCap} bytes)`,
    });
  }
  return out;
}

/** Deepest nesting a transcript line may have (an agent's tool arguments are its own; the bound only stops abuse). */
const TRANSCRIPT_DEPTH = 512;

/** Parse a transcript sidecar (JSONL, any entry with a string `type`). */
export function parseTranscript(file: string, text: string): { entries?: TranscriptEntry[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const entries: TranscriptEntry[] = [];
  for (const l of jsonLines(text)) {
    const j = parseJson(file, l.text, TRANSCRIPT_DEPTH);
    if (!j.ok) {
      problems.push(onLine(l.line, j.problem));
      continue;
    }
    const r = TranscriptEntrySchema.safeParse(j.value);
    if (!r.success) problems.push(...zodProblems(file, r.error).map((p) => onLine(l.line, p)));
    else entries.push(r.data);
  }
  return problems.length ? { problems } : { entries, problems };
}

/**
 * A wire log derive has already validated, read back for the site: JSON.parse per line, `h` dropped, no schema or
 * chain check (the schemas have no defaults or transforms, so this is the value parseWireLog returns). What would make
 * the data set stale is checked in one comparison instead: the last line's `h` must be the record's seal, else the log
 * changed since derive ran. Undefined, with the reason, when it is not.
 */
export function validatedWireLog(text: string, sealHead: string): { log?: WireLog; problem?: string } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const values = lines.map((l) => JSON.parse(l) as { h?: string } & Record<string, unknown>);
  const head = values.at(-1)?.h;
  if (head !== sealHead) return { problem: `its last h is ${String(head)}, the record's seal ${sealHead}` };
  const plain = values.map(({ h: _h, ...v }) => v);
  return {
    log: { header: plain[0] as unknown as WireLog['header'], events: plain.slice(1) as unknown as WireEvent[] },
  };
}
