import { isObject } from '../../exchanges.ts';
import { fail, notApplicable, pass } from '../../types.ts';
import { clientRequests, resultFor } from './view.ts';
import { judge } from '../../define.ts';

/** Every `$ref` value in a JSON value that is an absolute http(s) URI. */
function networkRefs(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) networkRefs(x, out);
  else if (isObject(v))
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string' && /^https?:\/\//i.test(x)) out.push(x);
      else networkRefs(x, out);
    }
  return out;
}

/** The path of an absolute URI, or undefined when it does not parse. */
function pathOf(uri: string): string | undefined {
  try {
    return new URL(uri).pathname;
  } catch {
    return undefined;
  }
}

/**
 * 260728-basic-301 (client row): a tool schema whose `$ref` points at a network URI (the reference's own origin, so
 * the reference would see the fetch) is not dereferenced: no HTTP request asks for that path.
 */
export const networkRefNotFetched = judge('schema-network-ref-not-fetched', ({ exchanges }) => {
  const refs = [
    ...new Set(
      clientRequests(exchanges)
        .filter((r) => r.method === 'tools/list')
        .flatMap((r) => networkRefs(resultFor(r)?.tools)),
    ),
  ];
  const paths = new Set(refs.map(pathOf).filter((p) => p !== undefined));
  if (paths.size === 0) return notApplicable('no tools/list result with a network $ref reached the client');
  const fetched = exchanges.find((e) => paths.has(e.request.path.split('?')[0]!));
  if (fetched)
    return fail(`x${fetched.x} ${fetched.request.method} ${fetched.request.path} dereferenced a network $ref`, [
      fetched.x,
    ]);
  return pass(
    `${exchanges.length} request(s), none for the network $ref(s) ${refs.join(', ')}`,
    exchanges.map((e) => e.x),
  );
});
