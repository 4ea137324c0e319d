// The whole derived data set this site was built from (every number on every page comes from it).
import type { APIRoute } from 'astro';
import { serializeDataset } from '../../bench/derive/derive.ts';
import { dataset } from '../../site/data.ts';

export const GET: APIRoute = () => new Response(serializeDataset(dataset()), { headers: { 'Content-Type': 'application/json' } });
