import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { derive } from '../../bench/derive/derive.ts';
import { formatProblem } from '../../bench/problems.ts';
import { REVISIONS } from '../../bench/schema/common.ts';
import { loadDeriveInput } from '../derive-inputs.ts';
import { specDir } from './paths.ts';

const real = specDir(process.cwd());
const hasSpec = REVISIONS.every((r) => existsSync(join(real, r, 'normative-sentences.tsv')));
const saved = process.env.MCP_SPEC_DIR;
let tmp: string | undefined;
afterEach(() => {
  if (saved === undefined) delete process.env.MCP_SPEC_DIR;
  else process.env.MCP_SPEC_DIR = saved;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

/** A copy of the pinned TSVs (and PINNED.md) in a temp folder, used as MCP_SPEC_DIR. */
function copySpec(): string {
  tmp = mkdtempSync(join(tmpdir(), 'mcpfs-spec-'));
  copyFileSync(join(real, 'PINNED.md'), join(tmp, 'PINNED.md'));
  for (const r of REVISIONS) {
    mkdirSync(join(tmp, r));
    copyFileSync(join(real, r, 'normative-sentences.tsv'), join(tmp, r, 'normative-sentences.tsv'));
  }
  process.env.MCP_SPEC_DIR = tmp;
  return tmp;
}

const NEW = '251125-transports-999';
// Records play no part in coverage: leave them out so the test does not re-judge the whole results/ tree.
const mentionsNew = (root: string) =>
  derive({ ...loadDeriveInput(root), results: new Map() })
    .problems.map(formatProblem)
    .filter((p) => p.includes(`"${NEW}"`));

describe.skipIf(!hasSpec)('coverage ledger against a copy of the pinned TSV', () => {
  it('fails derive path-first naming a sentence added to the TSV', () => {
    const dir = copySpec();
    expect(mentionsNew(process.cwd())).toEqual([]);
    const file = 'docs/specification/2025-11-25/basic/transports.mdx';
    appendFileSync(
      join(dir, '2025-11-25', 'normative-sentences.tsv'),
      `${NEW}\t${file}\t999\tMUST\tserver\tServers **MUST** do a new thing.\tMUST\n`,
    );
    expect(mentionsNew(process.cwd())).toEqual([
      `scenarios/2025-11-25/coverage.json: exclusions: sentence "${NEW}" (server, MUST, ${file}:999) is neither tested by a server checkpoint nor excluded\n  hint: cite it from a 2025-11-25 server checkpoint, or add {"id": "${NEW}", "roles": ["server"], "reason": "…", "why": "…"}`,
    ]);
  });
});
