// Minimal HTML reading for site tests: the raw values (data-v) of a DataTable's body rows, entities decoded.

const ENT: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#34': '"' };
export const decode = (s: string): string =>
  s.replace(
    /&(#?\w+);/g,
    (m, e: string) =>
      ENT[e] ??
      (e.startsWith('#x')
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : m),
  );

/** The `<figure … id="id">` block of a table, or undefined. */
export function tableBlock(html: string, id: string): string | undefined {
  const start = html.search(new RegExp(`<figure[^>]*\\bid="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  if (start < 0) return undefined;
  return html.slice(start, html.indexOf('</figure>', start));
}

/** Body rows of a table as arrays of decoded data-v values. */
export function tableValues(html: string, id: string): string[][] {
  const block = tableBlock(html, id);
  if (block === undefined) throw new Error(`no table "${id}" in the page`);
  // Every body (a sectioned table has one per section), less the section heading rows.
  const body = block.slice(block.indexOf('<tbody'), block.lastIndexOf('</tbody>'));
  // An empty value may be written as a bare `data-v` attribute.
  return [...body.matchAll(/<tr\b((?:[^>"]|"[^"]*")*)>([\s\S]*?)<\/tr>/g)]
    .filter((m) => !/class="section"/.test(m[1]!))
    .map((m) =>
      [...m[2]!.matchAll(/<t[hd]\b((?:[^>"]|"[^"]*")*)>/g)].map((c) =>
        decode(/\sdata-v(?:="([^"]*)")?/.exec(c[1]!)?.[1] ?? ''),
      ),
    );
}

/** The markup with every quoted attribute value emptied, to look for tags in text content only. */
export const withoutAttributeValues = (html: string): string => html.replace(/="[^"]*"/g, '=""');
