// What the prober package (`npm run pack-probe`) says about itself: its package.json and README. Pure: the script
// reads the versions and writes the files.

/** The runtime dependencies of scripts/probe.ts and everything it imports (the package test checks the list holds). */
export const PROBE_DEPENDENCIES = ['zod', 'fast-glob', 'd3-scale'] as const;

/** The package's manifest: the benchmark's version, the `mcpfs-probe` command, exact dependency versions. */
export function probePackageJson(
  version: string,
  dependencies: Record<string, string>,
  repository: unknown,
): Record<string, unknown> {
  return {
    name: '@mcp-from-scratch/probe',
    version,
    description:
      "MCP From Scratch's prober and reference server as a command: check an MCP Streamable HTTP server or client against the spec's sentences, in CI.",
    license: 'MIT',
    type: 'module',
    bin: { 'mcpfs-probe': 'dist/src/harness/probe-bin.js' },
    files: ['dist', 'scenarios', 'README.md', 'LICENSE'],
    engines: { node: '>=22.12' },
    dependencies,
    ...(repository ? { repository } : {}),
  };
}

/** The package's README: the command, its reports, and GitHub Actions steps (the HTML replay kept as an artifact). */
export function probePackageReadme(version: string): string {
  return `# @mcp-from-scratch/probe ${version}

The prober and reference server of MCP From Scratch (benchmark version ${version}) as one command. It checks an MCP
Streamable HTTP server, or runs an MCP client, against the pinned specification's RFC 2119 sentences, scenario by
scenario, and says which sentence failed on which exchange.

\`\`\`sh
mcpfs-probe --revision 2025-11-25 --url http://127.0.0.1:3000/mcp       # a running server: every server scenario
mcpfs-probe --revision 2025-11-25 -- node my-client.js                    # a client: every client scenario
mcpfs-probe --revision 2025-11-25 --list                                  # the scenarios and the tools each needs
\`\`\`

Options: \`--scenario <id>\` (repeatable), \`--markdown <file>\`, \`--junit <file>\` (a suite per scenario, a test per
checkpoint), \`--html <file>\` (each scenario's replay in one self-contained file that needs no network: verdicts linked
to their exchanges, timeline, every request and response with headers, bodies and SSE events), \`--fail-on
must|should|never\` (exit 1 when such a sentence fails), \`--json\` and \`--out <file>\` (one scenario's trial record and
wire log). A client gets the reference server's URL in \`MCP_SERVER_URL\`.

## Check your own server in CI

\`\`\`yaml
- run: |
    node my-server.js &   # listening on 127.0.0.1:3000
    npx --yes @mcp-from-scratch/probe@${version} --revision 2025-11-25 --url http://127.0.0.1:3000/mcp \\\\
      --junit mcp-probe.xml --markdown mcp-probe.md --html mcp-probe.html --fail-on must
    cat mcp-probe.md >> "$GITHUB_STEP_SUMMARY"
- uses: actions/upload-artifact@v4
  if: always()   # the replay of a failed probe is the one to read
  with:
    name: mcp-probe-replay
    path: mcp-probe.html
\`\`\`
`;
}
