// npm run export-schemas : write JSON Schemas of the record formats into public/schema/ (committed; a test checks they are current).
import { writeFilesAtomic } from '../src/harness/io/write.ts';
import { jsonSchemas } from '../src/bench/schema/json-schema.ts';
import { join } from 'node:path';

const files = Object.entries(jsonSchemas()).map(([name, text]) => ({
  path: join(process.cwd(), 'public/schema', name),
  content: text,
}));
writeFilesAtomic(files);
console.log(`wrote ${files.map((f) => f.path.slice(process.cwd().length + 1)).join(', ')}`);
