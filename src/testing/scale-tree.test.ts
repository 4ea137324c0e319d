import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import { derive } from '../bench/derive/derive.ts';
import { formatProblem } from '../bench/problems.ts';
import { loadDeriveInput } from '../harness/derive-inputs.ts';
import { projectRoot, specDir } from '../harness/io/paths.ts';
import { writeScaleTree } from './scale-tree.ts';
import { freshDir } from './site-build.ts';

const project = projectRoot();
const committed = fg.sync('results/**/*.json', { cwd: project }).length;
const dir = freshDir('mcpfs-scale');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bench scale tree', () => {
  const tree = writeScaleTree(dir, committed + 150, project);

  it('adds agent trials to the committed results until the count is reached', () => {
    expect(tree.trials).toBe(committed + 150);
    expect(tree.agentTrials).toBe(150);
    expect(fg.sync('results/**/agent/**/*.json', { cwd: dir })).toHaveLength(150);
  });

  it('derives with re-judging by the real judges and schema validation, without a problem', () => {
    const prev = process.env.MCP_SPEC_DIR;
    process.env.MCP_SPEC_DIR = specDir(project);
    try {
      const out = derive(loadDeriveInput(dir, { rejudge: true }));
      expect(out.problems.map(formatProblem)).toEqual([]);
      const agents = out.dataset!.trials.filter((t) => t.subject.kind === 'agent');
      expect(agents).toHaveLength(150);
      // Real judges on real wire logs: clones of oracles pass, clones of the null fail, so scores differ.
      expect(new Set(agents.map((t) => t.score?.score)).size).toBeGreaterThan(1);
      expect(out.dataset!.schema.revisions.every((r) => r.status === 'checked')).toBe(true);
    } finally {
      if (prev === undefined) delete process.env.MCP_SPEC_DIR;
      else process.env.MCP_SPEC_DIR = prev;
    }
  });

  it('re-labels each clone: its own trial id in the record and in the wire log note', () => {
    const [rec] = fg.sync('results/**/agent/**/k1.json', { cwd: dir });
    const record = JSON.parse(readFileSync(join(dir, rec!), 'utf8')) as { trial: { id: string } };
    const wire = readFileSync(join(dir, rec!.replace(/\.json$/, '.wire.jsonl')), 'utf8');
    expect(record.trial.id).toMatch(/^bench-/);
    expect(wire).toContain(`runner: trial ${record.trial.id}: agent/pi@1.6.0/bench/`);
  });
});
