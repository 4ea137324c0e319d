import type { APIRoute } from 'astro';
import { siteTables, table } from '../../site/data.ts';
import { toCsv } from '../../site/table.ts';

export function getStaticPaths() {
  return [...siteTables().keys()].map((id) => ({ params: { id } }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(toCsv(table(params.id!)), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
