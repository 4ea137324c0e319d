// Re-run verification as the site shows it: a board row's badge and a trial's Verification section. Derive did the
// counting and the comparing (TrialRow.verification, BoardRow.verified); this only words and orders them.
import type { BoardRow, TrialRow } from '../bench/derive/dataset.ts';
import type { CheckpointMatch, VerificationStatus } from '../bench/schema/verification-row.ts';

/** A short text badge with its longer explanation (tooltip and accessible description). */
export interface Badge {
  text: string;
  note: string;
}

/** "re-run verified" when every completed trial of the row agrees on re-run, "n/m re-run verified" when some do. */
export function verifiedBadge(r: Pick<BoardRow, 'verified'>): Badge | undefined {
  const { agrees, of } = r.verified;
  if (agrees === 0) return undefined;
  const what = 'run again from its solution snapshot in a fresh sandbox, and judged the same on every checkpoint';
  return agrees === of
    ? { text: 're-run verified', note: `Every completed trial of this row (${of}) was ${what}` }
    : { text: `${agrees}/${of} re-run verified`, note: `${agrees} of this row's ${of} completed trials were ${what}` };
}

/** How each status reads, and its tone (the site's ok / bad / warn colours). */
export const STATUS_TEXT: Record<VerificationStatus, { text: string; tone: 'ok' | 'bad' | 'warn' }> = {
  agrees: { text: 'Re-run verified: the re-run agrees with the record on every checkpoint', tone: 'ok' },
  disagrees: { text: 'The re-run disagrees with the record', tone: 'bad' },
  'infra-error': { text: "The verifier's harness failed: nothing to compare", tone: 'warn' },
  stale: { text: 'Not compared: the record ran an older version of its scenario', tone: 'warn' },
};

/** One row of the stored-vs-re-run table. */
export interface CheckpointRow {
  checkpoint: string;
  stored: string;
  rerun: string;
  match: boolean;
}

/** A trial's Verification section. */
export interface VerificationView {
  status: VerificationStatus;
  headline: string;
  tone: 'ok' | 'bad' | 'warn';
  /** `YYYY-MM-DD HH:MM UTC`. */
  verifiedAt: string;
  commit: { short: string; full: string };
  isolation: string;
  infraReason?: string;
  /** Checkpoints whose outcomes differ, in record order. */
  disagreements: string[];
  /** Disagreements first, then the rest, each group in record order. */
  rows: CheckpointRow[];
}

const side = (o: CheckpointMatch['stored']) => (o === 'missing' ? '— (no verdict)' : o);

/** The Verification section of a trial page; undefined when the trial was never verified. */
export function verificationView(t: Pick<TrialRow, 'verification'>): VerificationView | undefined {
  const v = t.verification;
  if (!v) return undefined;
  const row = (c: CheckpointMatch): CheckpointRow => ({
    checkpoint: c.checkpoint,
    stored: side(c.stored),
    rerun: side(c.rerun),
    match: c.match,
  });
  const differ = v.checkpoints.filter((c) => !c.match);
  return {
    status: v.status,
    headline: STATUS_TEXT[v.status].text,
    tone: STATUS_TEXT[v.status].tone,
    verifiedAt: `${v.verifiedAt.slice(0, 10)} ${v.verifiedAt.slice(11, 16)} UTC`,
    commit: { short: v.repositoryCommit.slice(0, 12), full: v.repositoryCommit },
    isolation: v.isolation,
    ...(v.infraReason ? { infraReason: v.infraReason } : {}),
    disagreements: differ.map((c) => c.checkpoint),
    rows: [...differ, ...v.checkpoints.filter((c) => c.match)].map(row),
  };
}
