import type { APIRoute } from 'astro';
import { siteTables, table } from '../../site/data.ts';
import { tableKey } from '../../site/page-keys.ts';
import { toCsv } from '../../site/table.ts';

export function getStaticPaths() {
  return [...siteTables()].map(([id, t]) => ({ params: { id }, cacheKey: tableKey(t) }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(toCsv(table(params.id!)), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
