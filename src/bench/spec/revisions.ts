// The revision manifest: every protocol revision the benchmark measures and where its pinned spec text comes from.
// The one place pinned commits live (fetch-spec, spec links, trial records, derive and the harness read it here);
// adding a revision is one entry below plus its own folders (CONTRIBUTING.md, "Add a revision"). Pure data.

/** One upstream repository at one commit, and which of its paths are copied where in the spec folder. */
export interface SpecSource {
  /** Short id used by revisions below. */
  id: string;
  /** GitHub `owner/name`. */
  repo: string;
  /** Clone URL fetch-spec uses (overridable for a local mirror, then the content digest is what proves the text). */
  url: string;
  /** The pinned commit (40 hex). */
  commit: string;
  /** `from` (path in the repository) → `to` (path under the spec folder); `.png` files are skipped. */
  copies: readonly { from: string; to: string }[];
  /**
   * SHA-256 over the copied files: `sha256(file)  path\n` for every file, sorted by path (paths under the spec folder).
   * fetch-spec checks it after every fetch, and every spec folder is checked against it before use.
   */
  digest: string;
}

/** One protocol revision: its ids, and where its text and schema sit in the spec folder (`MCP_SPEC_DIR/<id>/…`). */
export interface RevisionEntry {
  /** The revision, e.g. `2025-11-25` (folder names under scenarios/, results/ and the spec). */
  id: string;
  /** Sentence-id prefix of `normative-sentences.tsv`, e.g. `251125`. */
  sentencePrefix: string;
  /** `protocolVersion` the revision's peers send. */
  protocolVersion: string;
  /** The revision's specification folder, relative to `<spec>/<id>/`. */
  docs: string;
  /** The pinned JSON Schema, relative to `<spec>/<id>/`. */
  schema: string;
  /** Extension schemas validated beside it (relative to `<spec>/<id>/`), labelled as in findings. */
  extensionSchemas: readonly { label: string; path: string }[];
}

export const SPEC_SOURCES = [
  {
    id: 'mcp',
    repo: 'modelcontextprotocol/modelcontextprotocol',
    url: 'https://github.com/modelcontextprotocol/modelcontextprotocol.git',
    commit: 'b0f60ba5409db7a6582440a7b473cc0398890f15',
    copies: [
      { from: 'docs/specification/2025-11-25', to: '2025-11-25/docs/specification/2025-11-25' },
      { from: 'schema/2025-11-25', to: '2025-11-25/schema/2025-11-25' },
      { from: 'docs/specification/2026-07-28', to: '2026-07-28/docs/specification/2026-07-28' },
      { from: 'schema/2026-07-28', to: '2026-07-28/schema/2026-07-28' },
      { from: 'LICENSE', to: 'LICENSE' },
    ],
    digest: 'sha256:676e89eb0ffeb7dbe6395f219ad79beaa6967d4f43aec563e42bb74ede943f48',
  },
  {
    id: 'ext-tasks',
    repo: 'modelcontextprotocol/ext-tasks',
    url: 'https://github.com/modelcontextprotocol/ext-tasks.git',
    commit: 'e4345978be1f602f1fc48d89051e8559dd5302a6',
    copies: [
      { from: 'specification/draft/tasks.md', to: '2026-07-28/ext-tasks/specification/draft/tasks.md' },
      { from: 'schema/draft/schema.ts', to: '2026-07-28/ext-tasks/schema/draft/schema.ts' },
      { from: 'schema/draft/schema.json', to: '2026-07-28/ext-tasks/schema/draft/schema.json' },
      { from: 'README.md', to: '2026-07-28/ext-tasks/README.md' },
      { from: 'LICENSE', to: '2026-07-28/ext-tasks/LICENSE' },
    ],
    digest: 'sha256:6d2ae3a13b6ce42b76b2856e09a2102bc927162f0053552f1e162146ff7ccf05',
  },
] as const satisfies readonly SpecSource[];

export const REVISION_MANIFEST = [
  {
    id: '2025-11-25',
    sentencePrefix: '251125',
    protocolVersion: '2025-11-25',
    docs: 'docs/specification/2025-11-25',
    schema: 'schema/2025-11-25/schema.json',
    extensionSchemas: [],
  },
  {
    id: '2026-07-28',
    sentencePrefix: '260728',
    protocolVersion: '2026-07-28',
    docs: 'docs/specification/2026-07-28',
    schema: 'schema/2026-07-28/schema.json',
    extensionSchemas: [{ label: 'ext-tasks', path: 'ext-tasks/schema/draft/schema.json' }],
  },
] as const satisfies readonly RevisionEntry[];

/** The primary source (the specification itself): its commit is the `specCommit` of every trial record. */
export const PRIMARY_SOURCE = SPEC_SOURCES[0];

/** `owner/name` → pinned commit, for links. */
export const SPEC_COMMITS: Readonly<Record<string, string>> = Object.fromEntries(
  SPEC_SOURCES.map((s) => [s.repo, s.commit]),
);

/**
 * Where a file of a revision's spec folder (a path relative to `<spec>/<revision>/`, as in the TSV) lives upstream:
 * the source whose copy holds it, and its path in that repository. Undefined for a file no copy holds.
 */
export function upstreamOf(revision: string, file: string): { source: SpecSource; path: string } | undefined {
  const local = `${revision}/${file}`;
  for (const source of SPEC_SOURCES) {
    for (const c of source.copies) {
      if (local === c.to || local.startsWith(`${c.to}/`)) return { source, path: c.from + local.slice(c.to.length) };
    }
  }
  return undefined;
}
