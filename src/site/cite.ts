// The methodology page's "Cite" block: BibTeX naming the benchmark version and the build commit, so a citation points
// at the exact judges and records behind the numbers it quotes. CITATION.cff (checked by citation.test.ts) carries the
// same title and repository for GitHub's "Cite this repository".

/** The title CITATION.cff gives the work. */
export const CITE_TITLE =
  'MCP From Scratch: a benchmark of coding agents implementing the Model Context Protocol Streamable HTTP transport without an SDK';

/** A BibTeX entry for the benchmark at `version`, built from `commit` of `repository` on `date` (YYYY-MM-DD; empty: no year). */
export function bibtex(o: { version: string; commit: string; date: string; repository: string | undefined }): string {
  const year = o.date.slice(0, 4);
  const fields: [string, string][] = [
    ['title', `{${CITE_TITLE}}`],
    ['author', '{{The MCP From Scratch authors}}'],
    ...(/^\d{4}$/.test(year) ? ([['year', `{${year}}`]] as [string, string][]) : []),
    ['version', `{${o.version}}`],
    ['note', `{Benchmark version ${o.version}, commit ${o.commit.slice(0, 12)}}`],
    ...(o.repository ? ([['url', `{${o.repository}/tree/${o.commit}}`]] as [string, string][]) : []),
  ];
  return [
    `@software{mcp_from_scratch_${o.version.replaceAll('.', '_')},`,
    ...fields.map(([k, v]) => `  ${k} = ${v},`),
    '}',
  ].join('\n');
}
