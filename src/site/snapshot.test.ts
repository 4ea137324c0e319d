import { describe, expect, it } from 'vitest';
import { snapshotFiles, snapshotHeader } from '../bench/derive/verify-fixtures.ts';
import { snapshotView } from './snapshot.ts';

describe('snapshotView', () => {
  it('lists each file with its size, mode and whether its text is stored, never the text', () => {
    const v = snapshotView(snapshotHeader('fx-trial-k1', 4), snapshotFiles());
    expect(v.files).toEqual([
      { path: 'TASK.md', size: '120 bytes', mode: '0644', stored: 'not stored: a harness file' },
      { path: 'logo.png', size: '2,048 bytes', mode: '0644', stored: 'not stored: binary' },
      { path: 'package.json', size: '40 bytes', mode: '0644', stored: 'text stored' },
      { path: 'server.mjs', size: '80 bytes', mode: '0755', stored: 'text stored (1 redacted)' },
    ]);
    expect(JSON.stringify(v)).not.toContain('import http');
    expect(v.processes).toEqual([{ role: 'listener', command: 'node server.mjs', cwd: '.' }]);
    expect(v).toMatchObject({ takenAt: '2026-11-30 08:01 UTC', skipped: ['node_modules'] });
  });
});
