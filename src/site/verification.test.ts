import { describe, expect, it } from 'vitest';
import type { TrialVerification } from '../bench/schema/verification-row.ts';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { boardTable } from './boards.ts';
import { verificationView, verifiedBadge } from './verification.ts';

const verification = (over: Partial<TrialVerification> = {}): TrialVerification => ({
  verifiedAt: '2026-12-01T10:04:59.000Z',
  repositoryCommit: '0123456789abcdef0123456789abcdef01234567',
  isolation: 'netns',
  status: 'disagrees',
  checkpoints: [
    { checkpoint: 'a', stored: 'pass', rerun: 'pass', match: true },
    { checkpoint: 'b', stored: 'pass', rerun: 'fail', match: false },
    { checkpoint: 'c', stored: 'not-applicable', rerun: 'not-applicable', match: true },
    { checkpoint: 'd', stored: 'missing', rerun: 'pass', match: false },
  ],
  ...over,
});

describe('verifiedBadge', () => {
  it('says "re-run verified" when every completed trial agrees, "n/m" when some do, nothing when none', () => {
    expect(verifiedBadge({ verified: { agrees: 3, of: 3 } })?.text).toBe('re-run verified');
    expect(verifiedBadge({ verified: { agrees: 1, of: 3 } })?.text).toBe('1/3 re-run verified');
    expect(verifiedBadge({ verified: { agrees: 1, of: 3 } })?.note).toContain("1 of this row's 3 completed trials");
    expect(verifiedBadge({ verified: { agrees: 0, of: 3 } })).toBeUndefined();
    expect(verifiedBadge({ verified: { agrees: 0, of: 0 } })).toBeUndefined();
  });

  it('puts the badge on the board row whose trials agree, and footnotes it; other rows get none', () => {
    const d = syntheticDataset({ seed: 11, subjects: 3, k: 2 });
    const b = d.boards.find((x) => x.kind === 'agent' && x.rows.length > 1)!;
    const rows = b.rows.map((r, i) => (i === 1 ? { ...r, verified: { agrees: r.verified.of, of: r.verified.of } } : r));
    const t = boardTable(d, { ...b, rows });
    expect(t.cells.map((c) => c[0]!.badge?.text)).toEqual(
      rows.map((_, i) => (i === 1 ? 're-run verified' : undefined)),
    );
    expect(t.notes.some((n) => n.startsWith('re-run verified:'))).toBe(true);
    expect(boardTable(d, b).notes.some((n) => n.startsWith('re-run verified:'))).toBe(false);
  });
});

describe('verificationView', () => {
  it('lists disagreements first, each group in record order, and names them', () => {
    const v = verificationView({ verification: verification() })!;
    expect(v.rows.map((r) => r.checkpoint)).toEqual(['b', 'd', 'a', 'c']);
    expect(v.disagreements).toEqual(['b', 'd']);
    expect(v.rows[1]).toEqual({ checkpoint: 'd', stored: '— (no verdict)', rerun: 'pass', match: false });
    expect(v).toMatchObject({
      tone: 'bad',
      verifiedAt: '2026-12-01 10:04 UTC',
      commit: { short: '0123456789ab', full: '0123456789abcdef0123456789abcdef01234567' },
      isolation: 'netns',
    });
  });

  it('words agreement, a failed verifier and a stale record apart, and shows nothing for an unverified trial', () => {
    expect(verificationView({ verification: verification({ status: 'agrees' }) })!.tone).toBe('ok');
    const infra = verificationView({
      verification: verification({ status: 'infra-error', infraReason: 'no sandbox', checkpoints: [] }),
    })!;
    expect(infra).toMatchObject({ tone: 'warn', infraReason: 'no sandbox', rows: [] });
    expect(infra.headline).toContain('harness failed');
    expect(verificationView({ verification: verification({ status: 'stale', checkpoints: [] }) })!.headline).toContain(
      'older version',
    );
    expect(verificationView({})).toBeUndefined();
  });
});
