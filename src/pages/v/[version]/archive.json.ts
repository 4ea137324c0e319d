// An archived version's boards as committed (archive/<version>.json), re-serialised from the data set.
import type { APIRoute } from 'astro';
import { siteKeyed } from '../../../site/build-info.ts';
import { dataset } from '../../../site/data.ts';
import { ARCHIVE_FORMAT } from '../../../bench/schema/archive.ts';

export function getStaticPaths() {
  return siteKeyed(dataset().archives.map((a) => ({ params: { version: a.version }, props: { a } })));
}

export const GET: APIRoute = ({ props }) =>
  new Response(`${JSON.stringify({ format: ARCHIVE_FORMAT, ...(props as { a: object }).a }, null, 1)}\n`, {
    headers: { 'Content-Type': 'application/json' },
  });
