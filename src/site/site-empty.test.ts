// The published site before any record exists: an empty project root (no scenarios, no results) must build, and every
// page must say honestly that there is nothing yet, and how to contribute a run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltSite } from '../testing/built-site.ts';
import { parseCsv } from './table.ts';
import { tableValues } from '../testing/html.ts';

const { out, page } = useBuiltSite('mcpfs-site-empty');

describe('site built from an empty tree', () => {
  it('says there are no agent runs yet on every agents board and how to contribute one', () => {
    const html = page('index.html');
    expect(html.match(/No agent runs yet/g)).toHaveLength(2);
    expect(html).toContain('npm run trial -- --agent pi');
    expect(html).toContain('/methodology/#reproduce');
    expect(html).not.toMatch(/<table/);
  });

  it('shows empty states instead of empty charts, boards and matrices', () => {
    // The home page has no agent charts to show empty: it leaves them out.
    expect(page('index.html')).not.toContain('No agent results yet: this chart appears');
    const rev = page('2026-07-28/index.html');
    expect(rev).toContain('No agent results yet: this chart appears');
    expect(rev).toContain('No libraries results for 2026-07-28 (servers), yet.');
    expect(rev).toContain('No libraries results for 2026-07-28 (clients), yet.');
    expect(page('2026-07-28/calibration/index.html')).toContain(
      'No calibration results for 2026-07-28, docs none, yet.',
    );
    expect(rev).toContain('No scenarios for 2026-07-28 yet.');
    expect(page('2025-11-25/matrix/index.html')).toContain('No agent or library results for 2025-11-25 yet');
    expect(page('methodology/readings/2025-11-25/server/index.html')).toContain('No 2025-11-25 server scenarios yet.');
  });

  it('builds the trials, subjects and Data pages with nothing to list: no trial pages, no subject rows', () => {
    expect(tableValues(page('trials/index.html'), 'trials-index').map((r) => r.slice(2))).toEqual(
      Array.from({ length: 4 }, () => ['0', '0', '0', '0', '0']),
    );
    expect(page('trials/index.html')).not.toMatch(/href="\/trials\/20/);
    expect(page('subjects/index.html')).toContain('No subjects yet');
    expect(parseCsv(readFileSync(join(out, 'downloads', 'trials.csv'), 'utf8'))).toHaveLength(1);
    expect(page('data/index.html')).toContain('href="/downloads/board-2025-11-25-none-agent.csv"');
  });

  it('still publishes downloads with the header row only', () => {
    const csv = parseCsv(readFileSync(join(out, 'downloads', 'board-2025-11-25-none-agent.csv'), 'utf8'));
    expect(csv).toEqual([
      [
        'subject',
        'harness',
        'rank',
        'overall',
        'overall_ci',
        'k',
        'input_tokens',
        'output_tokens',
        'cost_usd',
        'wall_time_ms',
        'tool_calls',
        'pass_at_1',
        'pass_hat_3',
        'client',
        'server',
        'may',
        'infra_errors',
        'isolation',
      ],
    ]);
    expect(JSON.parse(readFileSync(join(out, 'downloads', 'board-2025-11-25-none-agent.json'), 'utf8')).rows).toEqual(
      [],
    );
  });
});
