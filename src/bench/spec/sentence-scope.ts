import type { Revision } from '../schema/common.ts';

/**
 * Which spec pages the benchmark grades, per revision: the extractor's scope. Source: the scope table of
 * `../shared/spec/SUMMARY.md` §1 (the pages that define the Streamable HTTP transport, the lifecycle and versioning it
 * carries, JSON-RPC basics, cancellation, tasks and tools); the short names are the ones the pinned TSV's ids use
 * (`251125-transports-70`), read off that TSV. Order = the order the TSV lists the files in (it is the order of rows).
 */
export interface ScopedFile {
  /** Path relative to the revision folder, as the TSV's `file` column writes it. */
  file: string;
  /** The middle part of a sentence id: `<yymmdd>-<short>-<line>`. Unique within a revision. */
  short: string;
  /**
   * Inclusive 1-based line ranges a sentence must **start** in; absent = the whole file. Used where a page also covers
   * transports the benchmark does not grade (stdio, custom transports).
   */
  lines?: readonly (readonly [number, number])[];
}

const V1 = 'docs/specification/2025-11-25';
const V2 = 'docs/specification/2026-07-28';

export const SENTENCE_SCOPE: Record<Revision, readonly ScopedFile[]> = {
  '2025-11-25': [
    // Line 7 is the UTF-8 rule every transport shares; 52–309 is "Streamable HTTP" up to (not including) "Custom
    // Transports". The stdio section (20–50) is out of the benchmark's scope.
    {
      file: `${V1}/basic/transports.mdx`,
      short: 'transports',
      lines: [
        [7, 7],
        [52, 309],
      ],
    },
    { file: `${V1}/basic/lifecycle.mdx`, short: 'lifecycle' },
    { file: `${V1}/basic/index.mdx`, short: 'basic' },
    { file: `${V1}/basic/utilities/cancellation.mdx`, short: 'cancellation' },
    { file: `${V1}/basic/utilities/tasks.mdx`, short: 'tasks' },
    { file: `${V1}/server/tools.mdx`, short: 'tools' },
  ],
  '2026-07-28': [
    // 27–58: Messages, Request Metadata, Cancellation; the transport list above and "Custom Transports" below are skipped.
    { file: `${V2}/basic/transports/index.mdx`, short: 'transports', lines: [[27, 58]] },
    // The whole page: it is the header contract.
    { file: `${V2}/basic/transports/streamable-http.mdx`, short: 'shttp' },
    // Versioning and server/discover replace the 2025 lifecycle page.
    { file: `${V2}/basic/versioning.mdx`, short: 'versioning' },
    { file: `${V2}/server/discover.mdx`, short: 'discover' },
    { file: `${V2}/basic/index.mdx`, short: 'basic' },
    { file: `${V2}/basic/patterns/index.mdx`, short: 'patterns' },
    { file: `${V2}/basic/patterns/mrtr.mdx`, short: 'mrtr' },
    { file: `${V2}/basic/patterns/subscriptions.mdx`, short: 'subscriptions' },
    { file: `${V2}/basic/patterns/cancellation.mdx`, short: 'cancellation' },
    { file: `${V2}/server/tools.mdx`, short: 'tools' },
    // Tasks left the core spec in 2026-07-28; the extension's text is pinned from modelcontextprotocol/ext-tasks.
    { file: 'ext-tasks/specification/draft/tasks.md', short: 'exttasks' },
  ],
};
