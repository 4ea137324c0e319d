// Display formatting for the site. Pure; every page formats numbers through here so tables, charts and downloads agree.

/** A score in [0, 1] as a whole percentage; `—` when absent. */
export function pct(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? `${Math.round(v * 100)}%` : '—';
}

/**
 * A share in [0, 1] as a whole percentage rounded down, so "100%" means all of it (199 of 200 reads 99%, not 100%);
 * `—` when absent.
 */
export function floorPct(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? `${Math.floor(v * 100 + 1e-9)}%` : '—';
}

/** A difference of two scores in percentage points, signed: "+12 pts", "−5 pts"; `—` when absent. */
export function points(delta: number | null | undefined): string {
  return typeof delta === 'number' && Number.isFinite(delta)
    ? `${delta >= 0 ? '+' : '−'}${Math.round(Math.abs(delta) * 100)} pts`
    : '—';
}

/** A trial score with three decimals ("0.667"), or "not scored". */
export function score3(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(3) : 'not scored';
}

/** "12 lines": how many lines a text has (a final line without a newline counts). */
export function lineCount(text: string): string {
  return plural(text.split('\n').length, 'line');
}

/** A count with thousands separators ("12,345"). */
export function thousands(v: number): string {
  return v.toLocaleString('en-US');
}

/** Round for machine-readable downloads: 4 decimals, no float noise. `null` stays `null`. */
export function round4(v: number | null | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 10_000) / 10_000 : null;
}

/** Token counts: 1234 → "1.2k", 1234567 → "1.2M". */
export function tokens(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  if (v >= 1e6) return `${(v / 1e6).toFixed(1)}M`;
  if (v >= 1e3) return `${(v / 1e3).toFixed(1)}k`;
  return String(Math.round(v));
}

/** US dollars with cents. */
export function usd(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? `$${v.toFixed(2)}` : '—';
}

/** Milliseconds as "850 ms", "42 s", "3 min 5 s". */
export function duration(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A count in running prose: "two" for 0–10, digits above. */
export function numberWord(n: number): string {
  return WORDS[n] ?? String(n);
}

/** MAY tally (a sum of cell means) for display: at most 2 decimals, no trailing zeros ("3", "2.5", "1.33"). */
export function mayTally(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/** Bytes as mebibytes: "512 MiB", "1.5 MiB" (at most one decimal). */
export function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MiB`;
}

/** "1 trial", "3 trials". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** Heat bucket 0–4 for a rate in [0, 1] (CSS classes `h0`…`h4`); `null` → no bucket. */
export function heat(v: number | null | undefined): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  return Math.min(4, Math.floor(v * 5));
}

/** The UTC day of an ISO timestamp ("2026-03-01"); `—` when absent. */
export function day(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '—';
}

/** A score on the unit scale as the gate states it: "1.0" and "0" exactly, otherwise two decimals; `—` when absent. */
export function unitScore(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  return v === 1 ? '1.0' : v === 0 ? '0' : v.toFixed(2);
}

/** The newest protocol revision is the current one (revisions are dated, so the latest sorts last). */
export const currentRevision = (revisions: readonly string[]): string => [...revisions].sort().at(-1) ?? '';

/** "current" or "previous": how a revision is labelled beside its date. */
export const revisionStatus = (rev: string, revisions: readonly string[]): 'current' | 'previous' =>
  rev === currentRevision(revisions) ? 'current' : 'previous';
