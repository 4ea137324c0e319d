// Hostile files on disk (what a PR could commit, or a checkout could hold): links, FIFOs, sockets, loops, huge and
// non-UTF-8 files, hidden folders. Each is refused path-first by the safe reader, through loadDeriveInput → derive,
// without reading through it and without quoting what it points at.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { derive } from '../../bench/derive/derive.ts';
import { FILE_LIMITS, RESULTS_TOTAL_LIMIT } from '../../bench/derive/limits.ts';
import { base, DIR, REC, WIRE } from '../../bench/derive/malformed-corpus.ts';
import { fixtureCalibrationSubjects, fixtureRegistry, scenarioFile } from '../../bench/derive/test-fixtures.ts';
import { formatProblem } from '../../bench/problems.ts';
import { loadDeriveInput } from '../derive-inputs.ts';
import { readTrialFiles } from './trial-sidecars.ts';

const SECRET = 'TOP-SECRET-do-not-publish-4f1c';
const TRANSCRIPT = `${DIR}k1.transcript.jsonl`;

let dirs: string[] = [];
let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A project tree (scenario + the oracle's trial, with a transcript) and, beside it, a folder outside the project. */
function tree(files = base(1, { transcript: '{"type":"session"}\n' })): { root: string; outside: string } {
  const top = mkdtempSync(join(tmpdir(), 'mcpfs-hostile-'));
  dirs.push(top);
  const root = join(top, 'project');
  const outside = join(top, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
  const s = scenarioFile();
  for (const [p, t] of [
    ...files,
    [s.path, s.text] as [string, string],
    ['results/.gitkeep', ''] as [string, string],
    ['results/README.md', 'about'] as [string, string],
  ]) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  return { root, outside };
}

/** Derive the tree from disk, with the fixture's judges and calibration subjects (no spec, no gate). */
function deriveTree(root: string) {
  const input = loadDeriveInput(root, { gate: false });
  const out = derive({
    ...input,
    judges: fixtureRegistry(),
    calibrationSubjects: fixtureCalibrationSubjects(),
    spec: undefined,
    schemas: undefined,
    versions: undefined,
    libraries: undefined,
  });
  return { input, out, text: out.problems.map(formatProblem) };
}

const link = (rel: string) =>
  `${rel}: symbolic link: derive reads no links (one could publish a file from outside the repository)\n  hint: replace it with the file or folder itself`;
const replaceWithLink = (root: string, rel: string, target: string) => {
  rmSync(join(root, rel), { recursive: true, force: true });
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  symlinkSync(target, join(root, rel));
};

describe('derive on a hostile tree on disk', () => {
  it('accepts the clean tree the cases start from (README.md and .gitkeep ignored)', () => {
    const { root } = tree();
    const { out } = deriveTree(root);
    expect(out.problems).toEqual([]);
    expect(out.dataset?.trials).toHaveLength(1);
  });

  it('refuses a transcript symlinked to a file outside the repository, without reading or quoting it', () => {
    const { root, outside } = tree();
    replaceWithLink(root, TRANSCRIPT, join(outside, 'secret.txt'));
    const { input, out, text } = deriveTree(root);
    expect(text).toEqual([link(TRANSCRIPT)]);
    expect(out.dataset).toBeUndefined();
    expect(JSON.stringify(input)).not.toContain(SECRET);
    // The site's raw endpoints read through the same reader: no /trials/<id>/transcript.jsonl of the secret either.
    let message = '';
    try {
      readTrialFiles({ record: REC, wire: WIRE, transcript: TRANSCRIPT }, root);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain(`${TRANSCRIPT}: symbolic link`);
    expect(message).not.toContain(SECRET);
  });

  it('refuses a folder symlinked to /etc without reading anything under it', () => {
    const { root } = tree();
    replaceWithLink(root, `${DIR}etc`, '/etc');
    const { input, text } = deriveTree(root);
    expect(text).toEqual([link(`${DIR}etc`)]);
    expect([...input.results.keys()].some((p) => p.includes('/etc/'))).toBe(false);
  });

  it('refuses a record symlinked to a file elsewhere in the project, and does not call its sidecars orphans', () => {
    const { root } = tree();
    writeFileSync(join(root, 'elsewhere.json'), '{}');
    replaceWithLink(root, REC, '../../../../../../../elsewhere.json');
    expect(deriveTree(root).text).toEqual([link(REC)]);
  });

  it('refuses symlink loops (a link to itself, two links to each other) without hanging', () => {
    const { root } = tree();
    symlinkSync('self', join(root, DIR, 'self'));
    symlinkSync('b', join(root, DIR, 'a'));
    symlinkSync('a', join(root, DIR, 'b'));
    symlinkSync('..', join(root, DIR, 'up'));
    expect(deriveTree(root).text).toEqual([link(`${DIR}a`), link(`${DIR}b`), link(`${DIR}self`), link(`${DIR}up`)]);
  });

  it('refuses the results folder itself when it is a link', () => {
    const { root, outside } = tree();
    replaceWithLink(root, 'results', outside);
    expect(deriveTree(root).text).toEqual([link('results')]);
  });

  it('refuses a FIFO in place of a wire log (no hang) and a socket beside it', async () => {
    const { root } = tree();
    unlinkSync(join(root, WIRE));
    expect(spawnSync('mkfifo', [join(root, WIRE)]).status).toBe(0);
    const sock = join(root, DIR, 'k9.sock');
    const server = createServer();
    servers.push(server);
    await new Promise<void>((r) => server.listen(sock, r));
    expect(deriveTree(root).text).toEqual([
      `${DIR}k1.wire.jsonl: not a regular file (a FIFO): derive reads regular files only\n  hint: delete it`,
      `${DIR}k9.sock: not a regular file (a socket): derive reads regular files only\n  hint: delete it`,
    ]);
  });

  it('refuses a 1 GiB wire log and a 2 MiB record by size, before reading a byte (sparse files)', () => {
    const { root } = tree();
    truncateSync(join(root, WIRE), 1024 ** 3);
    truncateSync(join(root, REC), 2 * 1024 ** 2);
    expect(deriveTree(root).text).toEqual([
      `${DIR}k1.json: file too large (2097152 bytes, limit ${FILE_LIMITS.record})\n  hint: derive refuses it unread; a record, wire log or transcript the harness wrote stays far below the limit (see FILE_LIMITS in src/bench/derive/limits.ts)`,
      `${DIR}k1.wire.jsonl: file too large (1073741824 bytes, limit ${FILE_LIMITS.wire})\n  hint: derive refuses it unread; a record, wire log or transcript the harness wrote stays far below the limit (see FILE_LIMITS in src/bench/derive/limits.ts)`,
    ]);
  });

  it('refuses a tree whose files together pass the total budget, reading none of them', () => {
    const { root } = tree();
    const each = FILE_LIMITS.wire - 1;
    const n = Math.floor(RESULTS_TOTAL_LIMIT / each) + 1;
    for (let i = 0; i < n; i++) {
      writeFileSync(join(root, DIR, `k${i + 10}.wire.jsonl`), '');
      truncateSync(join(root, DIR, `k${i + 10}.wire.jsonl`), each);
    }
    const { input, text } = deriveTree(root);
    expect(input.results.size).toBe(0);
    expect(text).toHaveLength(1);
    expect(text[0]).toMatch(
      new RegExp(
        `^results: holds \\d+ bytes of files in all, limit ${RESULTS_TOTAL_LIMIT}: derive read none of them\\n`,
      ),
    );
  });

  it('refuses a record in a hidden folder, a file named ..json, and a hidden file in scenarios/', () => {
    const { root } = tree();
    const hidden = DIR.replace('/calibration/', '/.calibration/');
    mkdirSync(join(root, hidden), { recursive: true });
    writeFileSync(join(root, hidden, 'k1.json'), '{}');
    writeFileSync(join(root, DIR, '..json'), '{}');
    writeFileSync(join(root, 'scenarios/2025-11-25/server/.fixture-echo.json.swp'), 'x');
    const h = (p: string, kind: string) =>
      `${p}: hidden ${kind}: derive reads nothing hidden, and refuses it rather than skip it unseen\n  hint: rename it without the leading dot, or delete it`;
    expect(deriveTree(root).text).toEqual([
      h('results/2025-11-25/server/fixture-echo/none/.calibration', 'folder'),
      h(`${DIR}..json`, 'file'),
      h('scenarios/2025-11-25/server/.fixture-echo.json.swp', 'file'),
    ]);
  });

  it('refuses a record that is not valid UTF-8', () => {
    const { root } = tree();
    writeFileSync(
      join(root, REC),
      Buffer.concat([Buffer.from('{"format": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    );
    expect(deriveTree(root).text).toEqual([
      `${REC}: not valid UTF-8 text: derive reads UTF-8 only\n  hint: the harness writes UTF-8 (bodies that are not UTF-8 are stored as base64)`,
    ]);
  });

  it('refuses a scenario file that is a link, once (its records are not also "unknown scenario")', () => {
    const { root, outside } = tree();
    const s = scenarioFile();
    writeFileSync(join(outside, 'scenario.json'), s.text);
    replaceWithLink(root, s.path, join(outside, 'scenario.json'));
    expect(deriveTree(root).text).toEqual([link(s.path)]);
  });

  it('refuses a linked evidence transcript and a linked registry under libraries/', () => {
    const { root, outside } = tree();
    mkdirSync(join(root, 'libraries/evidence/x'), { recursive: true });
    symlinkSync(join(outside, 'secret.txt'), join(root, 'libraries/evidence/x/capture.txt'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'libraries/registry.json'));
    const { input, text } = deriveTree(root);
    expect(text).toEqual([link('libraries/evidence/x/capture.txt'), link('libraries/registry.json')]);
    expect(JSON.stringify(input)).not.toContain(SECRET);
  });
});

describe('readTrialFiles (the site raw endpoints)', () => {
  it('refuses a sidecar reached through a linked folder', () => {
    const { root, outside } = tree();
    mkdirSync(join(outside, 'trial'), { recursive: true });
    writeFileSync(join(outside, 'trial/k1.wire.jsonl'), SECRET);
    replaceWithLink(root, 'results/2025-11-25/server/fixture-echo/none/calibration', outside);
    expect(() => readTrialFiles({ record: REC, wire: WIRE }, root)).toThrow(
      /results\/2025-11-25\/server\/fixture-echo\/none\/calibration: symbolic link/,
    );
  });
});
