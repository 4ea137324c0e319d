import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BenchError, parseJson } from '../../bench/problems.ts';
import { REVISION_MANIFEST } from '../../bench/spec/revisions.ts';
import type { SchemaSet } from '../../bench/wire-schema/types.ts';
import { specDir } from './paths.ts';

const cache = new Map<string, SchemaSet>();

/**
 * Read each revision's pinned JSON Schema and its extension schemas, at the paths the revision manifest names
 * (`<spec>/<rev>/schema/<rev>/schema.json`; 2026-07-28 also `ext-tasks/schema/draft/schema.json`). Parsed once per
 * folder and process, so the validator's compile cache (by object identity) holds. A present but unparsable file is
 * an error, path-first; an absent one is reported in `missing`.
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
  for (const rev of REVISION_MANIFEST) {
    const main = join(dir, rev.id, rev.schema);
    const exts = rev.extensionSchemas.map((e) => ({ label: e.label, path: join(dir, rev.id, e.path) }));
    const absent = [main, ...exts.map((e) => e.path)].find((p) => !existsSync(p));
    if (absent) {
      out.missing.push({ revision: rev.id, path: absent });
      continue;
    }
    out.schemas[rev.id] = {
      main: read(main),
      ...(exts.length ? { extensions: exts.map((e) => ({ label: e.label, schema: read(e.path) })) } : {}),
    };
  }
  cache.set(dir, out);
  return out;
}

/** One stderr line for derive and calibrate when some revision's schema is absent; undefined when all are present. */
export function schemaSkipLine(loaded: SchemaSet): string | undefined {
  if (loaded.missing.length === 0) return undefined;
  return `schema validation skipped for ${loaded.missing.map((m) => m.revision).join(', ')}: ${loaded.missing.map((m) => m.path).join(', ')} not found (run \`npm run fetch-spec\` or set MCP_SPEC_DIR)`;
}
