import { describe, expect, it } from 'vitest';
import { inert, reportMarkdown } from './markdown.ts';
import type { PrReport } from './report-model.ts';

const report = (over: Partial<PrReport> = {}): PrReport => ({
  base: { ref: 'main', commit: 'abcdef0123456789abcdef0123456789abcdef01' },
  records: { added: 1, changed: 0, removed: 0 },
  check: [],
  derive: [],
  boards: [
    {
      revision: '2025-11-25',
      docs: 'none',
      kind: 'agent',
      role: null,
      rows: [
        {
          subject: 'agent/pi@1.6.0/prov/m/high',
          label: 'pi <img src=x onerror=alert(1)> @octocat [x](https://evil.example) | *',
          change: 'added',
          score: { old: null, new: 0.8333 },
          rank: { old: null, new: 2 },
          client: { old: null, new: null },
          server: { old: null, new: 0.8333 },
        },
        {
          subject: 'agent/pi@1.6.0/prov/n/high',
          label: 'pi · n',
          change: 'moved',
          score: { old: 0.5, new: 0.5 },
          rank: { old: 2, new: 3 },
          client: { old: null, new: null },
          server: { old: 0.5, new: 0.5 },
        },
      ],
    },
  ],
  trials: [
    {
      id: 'trial-abc-1',
      revision: '2025-11-25',
      role: 'server',
      scenario: 'tools-basics',
      docs: 'none',
      k: 1,
      subject: 'agent/pi@1.6.0/prov/m/high',
      status: 'infra-error',
      score: null,
      reason: 'no reply\n<script>',
      change: 'added',
      verification: 'unverified',
    },
  ],
  calibration: { ok: 16, total: 16, failing: [], changed: false },
  conformanceChanged: false,
  verification: { agentTrials: 1, counts: { agrees: 0, disagrees: 0, 'infra-error': 0, stale: 0, unverified: 1 } },
  ...over,
});

describe('reportMarkdown', () => {
  it('shows each changed row with score and rank old → new, and links trials to the preview', () => {
    const md = reportMarkdown(report(), 'https://pr-7.preview.example');
    expect(md).toContain('| added | – → 0.833 | – → 2 | – | – → 0.833 |');
    expect(md).toContain('| moved | 0.500 | 2 → 3 | – | 0.500 |');
    expect(md).toContain('[`trial-abc-1`](https://pr-7.preview.example/trials/trial-abc-1/)');
    expect(md).toContain(
      '- [`trial-abc-1`](https://pr-7.preview.example/trials/trial-abc-1/): infra-error: no reply &lt;script&gt;',
    );
    expect(md).toContain(
      '- **verification**: 1 agent trial: 1 not yet verified: [`trial-abc-1`](https://pr-7.preview.example/trials/trial-abc-1/) (`npm run verify -- <record>` re-runs one)\n',
    );
    expect(md).toContain('- **calibration**: passes: 16 / 16 scenarios (unchanged)\n');
  });

  it('renders a contributor-chosen label inert: no HTML, link, mention or table break', () => {
    const md = reportMarkdown(report());
    expect(md).not.toMatch(/<img|\]\(https:\/\/evil|@octocat/);
    expect(inert('a|b [c](d) @e <f>')).toBe('a\\|b \\[c\\]\\(d\\) &#64;e &lt;f&gt;');
  });

  it('says that trial ids are not linked without a preview URL, and lists check problems in a code block', () => {
    const md = reportMarkdown(report({ check: ['results/x/k1.json: trial: bad ```'] }));
    expect(md).toContain('No preview URL given (`--preview-url` or `MCPFS_PREVIEW_URL`)');
    expect(md).toContain('| `trial-abc-1` |');
    expect(md).toContain('- **check**: 1 problem (run `npm run check`)\n');
    expect(md).toContain("```text\nresults/x/k1.json: trial: bad '''\n```");
  });

  it('shows a preview line after verification when the workflow gives one, instead of the unlinked-ids note', () => {
    const md = reportMarkdown(report(), undefined, { previewStatus: 'not deployed (no site set up)' });
    expect(md).toMatch(/- \*\*verification\*\*: [^\n]*\n- \*\*preview\*\*: not deployed \(no site set up\)\n\n/);
    expect(md).not.toContain('No preview URL given');
    expect(reportMarkdown(report(), 'https://pr-7.preview.example')).not.toContain('**preview**');
  });

  it('counts re-run verified trials and links the ones that disagree, failed or are stale', () => {
    const t = report().trials[0]!;
    const trials = [
      { ...t, id: 'trial-ok-1', verification: 'agrees' as const },
      { ...t, id: 'trial-ok-2', verification: 'agrees' as const },
      { ...t, id: 'trial-bad-1', verification: 'disagrees' as const },
      { ...t, id: 'trial-infra-1', verification: 'infra-error' as const },
      { ...t, id: 'trial-old-1', verification: 'stale' as const },
    ];
    const md = reportMarkdown(
      report({
        trials,
        verification: {
          agentTrials: 5,
          counts: { agrees: 2, disagrees: 1, 'infra-error': 1, stale: 1, unverified: 0 },
        },
      }),
    );
    expect(md).toContain(
      "- **verification**: 5 agent trials: 2 re-run verified; 1 disagree on re-run: `trial-bad-1`; 1 infra-error (the verifier's harness failed): `trial-infra-1`; 1 stale (an older scenario version): `trial-old-1`\n",
    );
    expect(reportMarkdown(report({ verification: null }))).toContain(
      '- **verification**: unknown (the head did not derive)\n',
    );
    expect(
      reportMarkdown(
        report({
          verification: {
            agentTrials: 0,
            counts: { agrees: 0, disagrees: 0, 'infra-error': 0, stale: 0, unverified: 0 },
          },
        }),
      ),
    ).toContain('- **verification**: no agent trial added or changed\n');
  });

  it('lists at most five failing calibration scenarios', () => {
    const failing = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((s) => `2025-11-25/server/${s}`);
    const md = reportMarkdown(report({ calibration: { ok: 9, total: 16, failing, changed: true } }));
    expect(md).toContain(
      'fails on `2025-11-25/server/a`, `2025-11-25/server/b`, `2025-11-25/server/c`, `2025-11-25/server/d`, `2025-11-25/server/e` and 2 more: 9 / 16 scenarios (changed by this pull request)',
    );
  });
});
