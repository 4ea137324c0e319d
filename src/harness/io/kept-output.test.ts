import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneStale } from './kept-output.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('pruneStale', () => {
  it('deletes old files no page kept, keeps kept and new ones, and removes folders left empty', () => {
    const d = mkdtempSync(join(tmpdir(), 'mcpfs-prune-'));
    dirs.push(d);
    mkdirSync(join(d, 'trials/gone'), { recursive: true });
    mkdirSync(join(d, 'trials/kept'), { recursive: true });
    const old = new Date(Date.now() - 60_000);
    for (const f of ['trials/gone/index.html', 'trials/kept/index.html', 'old.css']) {
      writeFileSync(join(d, f), 'x');
      utimesSync(join(d, f), old, old);
    }
    writeFileSync(join(d, 'new.css'), 'x');
    const since = Date.now() - 30_000;
    const deleted = pruneStale(d, new Set([join(d, 'trials/kept/index.html')]), since);
    expect(deleted).toBe(2);
    expect(readdirSync(d).sort()).toEqual(['new.css', 'trials']);
    expect(readdirSync(join(d, 'trials'))).toEqual(['kept']);
  });
});
