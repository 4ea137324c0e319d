import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import fg from 'fast-glob';
import { BenchError, parseJson } from '../../bench/problems.ts';
import { REVISIONS } from '../../bench/schema/common.ts';
import type { SchemaSet } from '../../bench/wire-schema/types.ts';
import { specDir } from './paths.ts';

const cache = new Map<string, SchemaSet>();

/**
 * Read `<spec>/<rev>/schema/<rev>/schema.json` of every revision, plus the extension schemas the spec folder pins
 * beside it (`<spec>/<rev>/ext-<name>/schema/<version>/schema.json`, labelled `ext-<name>`: 2026-07-28's tasks
 * extension). Parsed once per folder and process, so the validator's compile cache (by object identity) holds.
 * A present but unparsable file is an error, path-first; an absent one is reported in `missing`.
 */
export function loadPinnedSchemas(dir = specDir()): SchemaSet {
  const hit = cache.get(dir);
  if (hit) return hit;
  const out: SchemaSet = { schemas: {}, missing: [] };
  const read = (file: string) => {
    const r = parseJson(relative(process.cwd(), file) || file, readFileSync(file, 'utf8'));
    if (!r.ok) throw new BenchError([r.problem]);
    return r.value;
  };
  for (const rev of REVISIONS) {
    const main = join(dir, rev, 'schema', rev, 'schema.json');
    if (!existsSync(main)) {
      out.missing.push({ revision: rev, path: main });
      continue;
    }
    const extensions = fg
      .sync(`${rev}/ext-*/schema/*/schema.json`, { cwd: dir, onlyFiles: true })
      .sort()
      .map((p) => ({ label: basename(join(dir, p, '..', '..', '..')), schema: read(join(dir, p)) }));
    out.schemas[rev] = { main: read(main), ...(extensions.length ? { extensions } : {}) };
  }
  cache.set(dir, out);
  return out;
}

/** One stderr line for derive and calibrate when some revision's schema is absent; undefined when all are present. */
export function schemaSkipLine(loaded: SchemaSet): string | undefined {
  if (loaded.missing.length === 0) return undefined;
  return `schema validation skipped for ${loaded.missing.map((m) => m.revision).join(', ')}: ${loaded.missing.map((m) => m.path).join(', ')} not found (run \`npm run fetch-spec\` or set MCP_SPEC_DIR)`;
}
