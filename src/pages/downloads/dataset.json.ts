// The whole derived data set this site was built from, byte for byte as derive wrote it (every number on every page
// comes from it; the site validated it against /schema/dataset.json before rendering anything).
import type { APIRoute } from 'astro';
import { datasetText } from '../../site/data.ts';

export const GET: APIRoute = () => new Response(datasetText(), { headers: { 'Content-Type': 'application/json' } });
