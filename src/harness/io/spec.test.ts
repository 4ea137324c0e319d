import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRIMARY_SOURCE, SPEC_SOURCES } from '../../bench/spec/revisions.ts';
import { RunnerInputError } from '../errors.ts';
import { specDir } from './paths.ts';
import { ensureSpec, specProblems } from './spec.ts';
import { buildSpecMirror } from './spec-mirror.ts';

const shared = specDir();
const hasSpec = existsSync(join(shared, SPEC_SOURCES[0].copies[0].to));
const dirs: string[] = [];
const saved = { dir: process.env.MCP_SPEC_DIR, mirror: process.env.MCPFS_SPEC_MIRROR };
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const [k, v] of [
    ['MCP_SPEC_DIR', saved.dir],
    ['MCPFS_SPEC_MIRROR', saved.mirror],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'mcpfs-spec-'));
  dirs.push(d);
  return d;
};
/** A project root with nothing beside it: no ../shared/spec, no MCP_SPEC_DIR. */
const bareRoot = () => {
  delete process.env.MCP_SPEC_DIR;
  return join(temp(), 'project');
};
const failure = (f: () => unknown): RunnerInputError => {
  try {
    f();
  } catch (e) {
    if (e instanceof RunnerInputError) return e;
    throw e;
  }
  throw new Error('expected a RunnerInputError');
};

describe('the pinned spec folder', () => {
  it.skipIf(!hasSpec)(
    'is the pinned text: the spec folder matches every content digest of the manifest, and its PINNED.md names the same commits',
    () => {
      expect(specProblems(shared)).toEqual([]);
      const pinned = readFileSync(join(shared, 'PINNED.md'), 'utf8');
      for (const s of SPEC_SOURCES) expect(pinned).toContain(s.commit);
    },
  );

  it.skipIf(!hasSpec)(
    'is refused, path-first with the source named, when one of its files differs from the pinned text',
    () => {
      const copy = join(temp(), 'spec');
      cpSync(shared, copy, { recursive: true });
      writeFileSync(join(copy, 'LICENSE'), 'edited');
      process.env.MCP_SPEC_DIR = copy;
      const e = failure(() => ensureSpec(process.cwd(), () => undefined));
      expect(e.message).toMatch(
        new RegExp(
          `^${copy}: the files of modelcontextprotocol/modelcontextprotocol differ from the pinned commit ${PRIMARY_SOURCE.commit.slice(0, 12)}`,
        ),
      );
      expect(e.hint).toMatch(/MCP_SPEC_DIR/);
    },
  );

  it('stops with one clear message naming the commits and MCP_SPEC_DIR when it cannot be fetched, and leaves nothing behind', () => {
    const root = bareRoot();
    process.env.MCPFS_SPEC_MIRROR = join(temp(), 'no-such-mirror');
    const lines: string[] = [];
    const e = failure(() => ensureSpec(root, (l) => lines.push(l)));
    expect(e.message).toMatch(/^the pinned MCP spec is needed and could not be fetched: /);
    for (const s of SPEC_SOURCES) expect(e.hint).toContain(`${s.repo}@${s.commit}`);
    expect(e.hint).toContain('MCP_SPEC_DIR');
    expect(lines).toHaveLength(1);
    expect(existsSync(join(root, '.cache/spec'))).toBe(false);
  });

  it.skipIf(!hasSpec)(
    'is fetched into .cache/spec on first use, once, through the mirror, with the sentence lists',
    () => {
      const mirror = join(temp(), 'mirror');
      buildSpecMirror(shared, mirror);
      const root = bareRoot();
      process.env.MCPFS_SPEC_MIRROR = mirror;
      const lines: string[] = [];
      expect(ensureSpec(root, (l) => lines.push(l))).toBe(join(root, '.cache/spec'));
      expect(ensureSpec(root, (l) => lines.push(l))).toBe(join(root, '.cache/spec'));
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(`^spec: fetching the pinned MCP spec \\(${PRIMARY_SOURCE.repo}@${PRIMARY_SOURCE.commit} and `),
        ),
      ]);
      expect(specProblems(join(root, '.cache/spec'))).toEqual([]);
    },
  );
});
