import { afterEach, describe, expect, it } from 'vitest';
import { agentTrial, committedTrial, npmIn, piAgent, PrRepo } from '../src/testing/pr-repo.ts';

const DIR = 'results/2025-11-25/server/streaming/none';
const SDK = `${DIR}/library/@modelcontextprotocol/sdk@1.32.2/k1.json`;
const HONO = `${DIR}/library/@hono/mcp@0.3.2/k1.json`;
const ORACLE = `${DIR}/calibration/oracle/k1.json`;

let repos: PrRepo[] = [];
afterEach(() => {
  for (const r of repos) r.remove();
  repos = [];
});

/** main: one agent trial; branch pr checked out. */
function repo(): PrRepo {
  const r = new PrRepo();
  repos.push(r);
  r.write(agentTrial(SDK, piAgent('model-a'), 1, 1));
  r.commit('base');
  r.git('checkout', '-q', '-b', 'pr');
  return r;
}

describe('npm run check', () => {
  it('passes a branch that adds one valid agent trial, checking only that record', () => {
    const r = repo();
    const files = agentTrial(HONO, piAgent('model-b'), 1, 2);
    r.write(files);
    r.commit('add model-b');
    const out = npmIn(r, 'check');
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(
      /^check: 1 added, 0 changed, 0 removed records against main \([0-9a-f]{12}\); 1 checked\n/,
    );
    expect(out.stdout).toContain('check: manifest check: not yet defined (issue 18)');
    expect(out.stdout).toContain('check: passed\n');
  });

  it('checks uncommitted records too (a contributor runs it before committing)', () => {
    const r = repo();
    r.write(agentTrial(HONO, piAgent('model-b'), 1, 2));
    const out = npmIn(r, 'check');
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('1 added');
  });

  it('refuses a wire log with one byte edited: the file and the line, exit 1', () => {
    const r = repo();
    const files = agentTrial(HONO, piAgent('model-b'), 1, 2);
    r.write(files);
    const wire = [...files.keys()].find((p) => p.endsWith('.wire.jsonl'))!;
    const text = r.read(wire);
    const at = text.indexOf('"status":20') + '"status":20'.length;
    r.write(new Map([[wire, text.slice(0, at) + (text[at] === '0' ? '1' : '0') + text.slice(at + 1)]]));
    r.commit('add a tampered trial');
    const out = npmIn(r, 'check');
    expect(out.status).toBe(1);
    expect(out.stderr.split('\n')[0]).toMatch(new RegExp(`^${wire.replace(/[.@/]/g, '\\$&')}: line \\d+`));
    expect(out.stderr).toMatch(/check failed: \d+ problems?\n$/);
  });

  it('flags a calibration record in a contributor pull request; --allow-calibration lets a maintainer through', () => {
    const r = repo();
    r.write(committedTrial(ORACLE));
    r.commit('add a calibration record');
    const out = npmIn(r, 'check');
    expect(out.status).toBe(1);
    expect(out.stderr).toContain(
      `${ORACLE}: a calibration file is changed\n  hint: calibration records change only through \`npm run calibrate\``,
    );
    const maintainer = npmIn(r, 'check', ['--allow-calibration']);
    expect(maintainer.stderr).toBe('');
    expect(maintainer.status).toBe(0);
  });

  it('checks the records of explicit paths, and says so for a bad --base', () => {
    const r = repo();
    const all = npmIn(r, 'check', ['results/']);
    expect(all.status).toBe(0);
    expect(all.stdout).toContain('0 added, 0 changed, 0 removed records against main');
    expect(all.stdout).toContain('; 1 checked');
    const bad = npmIn(r, 'check', ['--base', 'no-such-ref']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('check: --base no-such-ref: not a commit of');
  });
});
