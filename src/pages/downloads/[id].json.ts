import type { APIRoute } from 'astro';
import { buildCommit } from '../../site/build-info.ts';
import { siteTables, table } from '../../site/data.ts';
import { toJson } from '../../site/table.ts';

export function getStaticPaths() {
  return [...siteTables().keys()].map((id) => ({ params: { id } }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(toJson(table(params.id!), { commit: buildCommit(), dataset: 'generated/dataset.json' }), {
    headers: { 'Content-Type': 'application/json' },
  });
