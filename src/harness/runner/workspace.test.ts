import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTrialDirs } from './workspace.ts';
import { kitScenario } from './testing/kit.ts';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function fakeSpec(): string {
  const d = mkdtempSync(join(tmpdir(), 'mcpfs-fake-spec-'));
  made.push(d);
  mkdirSync(join(d, '2025-11-25/docs/specification/2025-11-25/basic'), { recursive: true });
  writeFileSync(join(d, '2025-11-25/docs/specification/2025-11-25/basic/transports.mdx'), 'spec text');
  writeFileSync(join(d, '2025-11-25/normative-sentences.tsv'), 'id\tfile\n');
  mkdirSync(join(d, '2026-07-28'));
  writeFileSync(join(d, '2026-07-28/other.mdx'), 'other revision');
  return d;
}

describe('createTrialDirs', () => {
  it('puts only TASK.md in the workspace with --docs none', () => {
    const d = createTrialDirs(kitScenario('server'), 'none', fakeSpec());
    made.push(d.root);
    expect(readdirSync(d.dir)).toEqual(['TASK.md']);
    expect(readFileSync(join(d.dir, 'TASK.md'), 'utf8')).toBe(kitScenario('server').prompt);
  });

  it('copies the scenario revision of the pinned spec to spec/ with --docs full, without harness-made files', () => {
    const d = createTrialDirs(kitScenario('server'), 'full', fakeSpec());
    made.push(d.root);
    expect(readdirSync(d.dir).sort()).toEqual(['TASK.md', 'spec']);
    expect(readFileSync(join(d.dir, 'spec/docs/specification/2025-11-25/basic/transports.mdx'), 'utf8')).toBe(
      'spec text',
    );
    expect(existsSync(join(d.dir, 'spec/normative-sentences.tsv'))).toBe(false);
    expect(existsSync(join(d.dir, 'spec/other.mdx'))).toBe(false);
  });

  it('refuses --docs full without a spec folder, naming the fix', () => {
    expect(() => createTrialDirs(kitScenario('server'), 'full', '/nonexistent/spec')).toThrow(
      /--docs full: pinned spec folder not found: \/nonexistent\/spec\/2025-11-25/,
    );
  });
});
