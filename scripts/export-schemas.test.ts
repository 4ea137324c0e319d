import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '../src/bench/schema/json-schema.ts';

const DIR = join(process.cwd(), 'public/schema');

describe('public/schema', () => {
  it('holds exactly the JSON Schemas that jsonSchemas() emits (run `npm run export-schemas` after a schema change)', () => {
    const want = jsonSchemas();
    const have = readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(have).toEqual(Object.keys(want).sort());
    for (const [name, text] of Object.entries(want)) expect(readFileSync(join(DIR, name), 'utf8'), name).toBe(text);
  });
});
