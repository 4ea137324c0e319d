import type { APIRoute } from 'astro';
import { buildCommit } from '../../site/build-info.ts';
import { siteTables, table } from '../../site/data.ts';
import { tableKey } from '../../site/page-keys.ts';
import { toJson } from '../../site/table.ts';

export function getStaticPaths() {
  return [...siteTables()].map(([id, t]) => ({ params: { id }, cacheKey: tableKey(t, buildCommit()) }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(toJson(table(params.id!), { commit: buildCommit(), dataset: 'generated/dataset.json' }), {
    headers: { 'Content-Type': 'application/json' },
  });
