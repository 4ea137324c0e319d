import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRunManifest } from './run-manifest.ts';

const ROOT = mkdtempSync(join(tmpdir(), 'mcpfs-manifest-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));
const EXAMPLE = JSON.parse(readFileSync('runs/examples/calibration.json', 'utf8')) as Record<string, unknown>;

const write = (name: string, content: unknown) => {
  mkdirSync(join(ROOT, 'runs'), { recursive: true });
  const path = join(ROOT, 'runs', name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};

describe('loadRunManifest', () => {
  it('reads the committed example: its id, the project-relative name and the SHA-256 of its bytes', () => {
    const m = loadRunManifest(process.cwd(), 'runs/examples/calibration.json');
    expect(m.file).toBe('runs/examples/calibration.json');
    expect(m.manifest.id).toBe('calibration');
    expect(m.manifest.kFrom).toBe(1);
    expect(m.sha256).toBe(createHash('sha256').update(readFileSync('runs/examples/calibration.json')).digest('hex'));
  });

  it('refuses a manifest whose id is not its file name, path-first with the fix', () => {
    const path = write('other.json', EXAMPLE);
    expect(() => loadRunManifest(ROOT, path)).toThrow(
      'runs/other.json: id: "calibration" does not match the file name (expected calibration.json)',
    );
  });

  it('refuses invalid fields path-first, one line per issue, and bad JSON and missing files by name', () => {
    const path = write('calibration.json', { ...EXAMPLE, k: 0, agents: ['oracle', 'robot'], extra: 1 });
    let message = '';
    try {
      loadRunManifest(ROOT, path);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'runs/calibration.json: agents[1]: must be pi, claude-code, codex, gemini-cli, opencode, <one of those>-scripted, oracle, null or mutant:<id>',
      'runs/calibration.json: k: Too small: expected number to be >0',
      'runs/calibration.json: unknown field "extra"',
      '  hint: remove it, or check its spelling against the JSON Schema in public/schema/',
    ]);
    write('calibration.json', '{"id": ');
    expect(() => loadRunManifest(ROOT, path)).toThrow(/^runs\/calibration\.json: invalid JSON: /);
    expect(() => loadRunManifest(ROOT, join(ROOT, 'runs/none.json'))).toThrow('runs/none.json: no such manifest file');
  });
});
