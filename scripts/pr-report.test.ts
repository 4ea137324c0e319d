import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportMarkdown } from '../src/bench/pr/markdown.ts';
import type { PrReport } from '../src/bench/pr/report-model.ts';
import { agentTrial, npmIn, piAgent, PrRepo } from '../src/testing/pr-repo.ts';
import { readReport, REPORT_FILE } from './deploy/preview.ts';

const DIR = 'results/2025-11-25/server/streaming/none';
const lib = (name: string) => `${DIR}/library/${name}/k1.json`;

let repos: PrRepo[] = [];
afterEach(() => {
  for (const r of repos) r.remove();
  repos = [];
});

describe('npm run pr-report', () => {
  it('prints the rows a branch adds and changes with score and rank old → new, linked to the preview', () => {
    const r = new PrRepo();
    repos.push(r);
    r.write(agentTrial(lib('@modelcontextprotocol/sdk@1.32.2'), piAgent('model-a'), 1, 1));
    r.write(agentTrial(lib('mcp-framework@0.2.22'), piAgent('model-b'), 1, 2));
    r.commit('base');
    r.git('checkout', '-q', '-b', 'pr');
    r.write(agentTrial(lib('@hono/mcp@0.3.2'), piAgent('model-b'), 2, 3));
    r.write(agentTrial(lib('fastmcp@4.20.16'), piAgent('model-c'), 1, 4));
    r.commit('two trials');
    const out = npmIn(r, 'pr-report', [], { MCPFS_PREVIEW_URL: 'https://pr-7.preview.example/' });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const md = out.stdout;
    expect(md).toMatch(/Compared with `main` at `[0-9a-f]{12}`: 2 records added, 0 changed, 0 removed\./);
    expect(md).toContain('- **check**: passed\n');
    expect(md).toContain('##### 2025-11-25 · docs none · agents');
    expect(md).toContain(
      '| pi 1.6.0 · prov/model-c · high (`agent/pi@1.6.0/prov/model-c/high`) | added | – → 1.000 | – → 2 | – | – → 1.000 |',
    );
    expect(md).toContain(
      '| pi 1.6.0 · prov/model-b · high (`agent/pi@1.6.0/prov/model-b/high`) | changed | 0.000 → 0.400 | 2 → 3 | – | 0.000 → 0.400 |',
    );
    expect(md).toContain('[`pr-model-c-streaming-k1`](https://pr-7.preview.example/trials/pr-model-c-streaming-k1/)');
    expect(md).toContain(
      '- **verification**: 2 agent trials: 2 not yet verified: [`pr-model-b-streaming-k2`](https://pr-7.preview.example/trials/pr-model-b-streaming-k2/), [`pr-model-c-streaming-k1`](https://pr-7.preview.example/trials/pr-model-c-streaming-k1/)',
    );
  });

  it('prints with --json the report model the preview-deploy workflow accepts, and that renders the same comment', () => {
    const r = new PrRepo();
    repos.push(r);
    r.write(agentTrial(lib('@modelcontextprotocol/sdk@1.32.2'), piAgent('model-a'), 1, 1));
    r.commit('base');
    r.git('checkout', '-q', '-b', 'pr');
    r.write(agentTrial(lib('fastmcp@4.20.16'), piAgent('model-c'), 1, 4));
    r.commit('one trial');
    const out = npmIn(r, 'pr-report', ['--json']);
    expect(out.status).toBe(0);
    // preview.yml uploads this JSON; preview-deploy.yml (scripts/deploy/preview.ts) reads it back through the schema.
    const dir = join(r.root, 'artifact');
    mkdirSync(dir);
    writeFileSync(join(dir, REPORT_FILE), out.stdout);
    const report = readReport(dir);
    expect('problem' in report ? report.problem : '').toBe('');
    const md = npmIn(r, 'pr-report', [], { MCPFS_PREVIEW_URL: 'https://pr-7.preview.example' }).stdout;
    expect(reportMarkdown(report as PrReport, 'https://pr-7.preview.example')).toBe(md);
  });

  it('refuses a preview URL that is not http(s)', () => {
    const r = new PrRepo();
    repos.push(r);
    r.commit('empty');
    const out = npmIn(r, 'pr-report', ['--preview-url', 'javascript:alert(1)']);
    expect(out.status).toBe(2);
    expect(out.stderr).toBe(
      'pr-report: --preview-url "javascript:alert(1)": must be http(s)\n  hint: e.g. --preview-url https://pr-12.preview.example\n',
    );
  });
});
