import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVIATIONS_MARKERS as M, withoutMarkers } from '../src/bench/context/generated-block.ts';
import { checkScenarios } from '../src/bench/derive/scenarios.ts';
import { contextFile } from '../src/harness/io/context.ts';
import { loadScenarioFiles } from '../src/harness/io/load.ts';
import { blockMd, inlineMd, section } from '../src/bench/report/markdown.ts';

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

const npmContext = (root: string, ...args: string[]) =>
  spawnSync('npm', ['run', '-s', 'context', '--', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, MCPFS_ROOT: root, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('CONTEXT.md', () => {
  it('holds the deviations section npm run context generates from the committed scenario files (run it after editing a reading)', () => {
    const f = contextFile(process.cwd());
    expect(f.current).toBe(f.next);
  });

  it('shows every reading and design note on the methodology page, through the section it renders', () => {
    const html = blockMd(section(withoutMarkers(readFileSync('CONTEXT.md', 'utf8')), /deviation/i)!, 1);
    const { scenarios } = checkScenarios(loadScenarioFiles(process.cwd()));
    const texts = [...scenarios.values()].flatMap((s) => [
      ...(s.design ?? []),
      ...s.checkpoints.flatMap((c) => (c.reading ? [c.reading] : [])),
    ]);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((t) => !html.includes(inlineMd(t).replace(/\.$/, '')))).toEqual([]);
    expect(html).not.toContain('generated: deviations');
  });
});

describe('npm run context', () => {
  it('--check exits 1 on a stale section and writes nothing; without it, it rewrites only the section', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcpfs-context-'));
    roots.push(root);
    cpSync('scenarios', join(root, 'scenarios'), { recursive: true });
    const stale = ['# CONTEXT', '', 'Decisions stay.', '', M.begin, '## Deviations', '', '- stale', M.end, ''].join(
      '\n',
    );
    writeFileSync(join(root, 'CONTEXT.md'), stale);
    const check = npmContext(root, '--check');
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(
      'CONTEXT.md: the generated deviations section is stale\n  hint: run npm run context and commit CONTEXT.md',
    );
    expect(readFileSync(join(root, 'CONTEXT.md'), 'utf8')).toBe(stale);
    const write = npmContext(root);
    expect(write.status).toBe(0);
    const written = readFileSync(join(root, 'CONTEXT.md'), 'utf8');
    expect(written.startsWith('# CONTEXT\n\nDecisions stay.\n\n')).toBe(true);
    expect(written).not.toContain('- stale');
    expect(written).toBe(
      readFileSync('CONTEXT.md', 'utf8').replace(/^[^]*?(?=<!-- generated)/, '# CONTEXT\n\nDecisions stay.\n\n'),
    );
    expect(npmContext(root, '--check').status).toBe(0);
  });

  it('fails path-first, writing nothing, when CONTEXT.md has no markers', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcpfs-context-'));
    roots.push(root);
    cpSync('scenarios', join(root, 'scenarios'), { recursive: true });
    writeFileSync(join(root, 'CONTEXT.md'), '# CONTEXT\n');
    const r = npmContext(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`CONTEXT.md: no line ${M.begin}\n  hint:`);
    expect(readFileSync(join(root, 'CONTEXT.md'), 'utf8')).toBe('# CONTEXT\n');
  });
});
