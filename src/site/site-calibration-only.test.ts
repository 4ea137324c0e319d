// The site as it will first be published: scenarios and calibration records (oracle, null, mutants), no agents.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../bench/derive/dataset.ts';
import { useBuiltSite } from '../testing/built-site.ts';
import { tableValues } from '../testing/html.ts';

const site = useBuiltSite('mcpfs-site-calib', { seed: 5, subjects: 0, libraries: 0, scenarios: 1, checkpoints: 3 });
const { page } = site;
let d: Dataset;
beforeAll(() => {
  d = site.dataset();
});

describe('site with calibration records only', () => {
  it('keeps the agents boards empty with the contribute hint, and fills the calibration board', () => {
    const html = page('2025-11-25/index.html');
    expect(html.match(/No agent runs yet/g)).toHaveLength(1);
    expect(html).toContain('href="/2025-11-25/calibration/"');
    const rows = tableValues(page('2025-11-25/calibration/index.html'), 'board-2025-11-25-none-calibration');
    expect(rows.map((r) => r[0]).sort()).toEqual(d.subjects.map((s) => s.id).sort());
    const oracle = rows.find((r) => r[0] === 'calibration/oracle')!;
    expect(oracle[2]).toBe('1');
  });

  it('shows the calibration gate passing for every scenario and the kill matrix on the methodology page', () => {
    const gate = tableValues(page('2025-11-25/index.html'), 'calibration-2025-11-25');
    expect(gate.length).toBe(d.scenarios.filter((s) => s.revision === '2025-11-25').length);
    expect(gate.every((r) => r.at(-1) === 'pass')).toBe(true);
    const s = d.scenarios[0]!;
    const kills = tableValues(
      page(`methodology/calibration/${s.revision}/index.html`),
      `kills-${s.revision}-${s.role}-${s.id}`,
    );
    expect(kills.length).toBe(s.checkpoints.length);
    expect(kills.every((r) => r.slice(2).includes('killed'))).toBe(true);
  });

  it('leaves the checkpoint matrix empty: calibration subjects are not ranked there', () => {
    expect(page('2026-07-28/matrix/index.html')).toContain('No agent or library results for 2026-07-28 yet');
  });
});
