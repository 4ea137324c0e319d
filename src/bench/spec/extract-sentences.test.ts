import { describe, expect, it } from 'vitest';
import { formatProblem } from '../problems.ts';
import type { Revision } from '../schema/common.ts';
import type { AppliesToReview } from './applies-to-review.ts';
import { extractSentences, type ExtractedSentence } from './extract-sentences.ts';
import type { ScopedFile } from './sentence-scope.ts';

const FILE = 'docs/p.mdx';

/** Extract one hand-made page (short name `p`) with a test scope and review. */
function extract(
  md: string,
  opts: { revision?: Revision; lines?: ScopedFile['lines']; review?: Partial<AppliesToReview> } = {},
): ExtractedSentence[] {
  const scope: ScopedFile[] = [{ file: FILE, short: 'p', ...(opts.lines ? { lines: opts.lines } : {}) }];
  const review: AppliesToReview = { defaults: { p: 'both' }, overrides: [], ...opts.review };
  const r = extractSentences(opts.revision ?? '2025-11-25', new Map([[FILE, md]]), { scope, review });
  expect(r.problems).toEqual([]);
  return r.rows;
}
const brief = (rows: ExtractedSentence[]) => rows.map((r) => [r.id, r.sentence]);

describe('extractSentences: joining and line numbers', () => {
  it('joins a wrapped paragraph into one sentence that starts on its first line', () => {
    expect(brief(extract('Intro.\n\nThe server **MUST**\nanswer   every\n  request.\n'))).toEqual([
      ['251125-p-3', 'The server **MUST** answer every request.'],
    ]);
  });

  it('numbers a sentence by the line its first character is on, not the line of its keyword', () => {
    const rows = extract('One plain sentence here. The client\n**SHOULD** retry.\n');
    expect(rows.map((r) => [r.line, r.sentence])).toEqual([[1, 'The client **SHOULD** retry.']]);
  });

  it('keeps a list item apart from the item before it and drops the marker', () => {
    expect(brief(extract('1. Servers **MUST** a.\n2. Clients **MUST**\n   b.\n- Both **MAY** c.\n'))).toEqual([
      ['251125-p-1', 'Servers **MUST** a.'],
      ['251125-p-2', 'Clients **MUST** b.'],
      ['251125-p-4', 'Both **MAY** c.'],
    ]);
  });
});

describe('extractSentences: sentence splitting', () => {
  it('splits after . ! ? when a capital or opening markup follows', () => {
    expect(
      extract('A **MUST** x (e.g., 400). The body **MAY** be empty! `id` **MUST** match? **MUST** end.').map(
        (r) => r.sentence,
      ),
    ).toEqual(['A **MUST** x (e.g., 400).', 'The body **MAY** be empty!', '`id` **MUST** match?', '**MUST** end.']);
  });

  it('does not split before a lower-case word or after e.g. / i.e.', () => {
    expect(
      extract('It **MUST** hold (e.g. HMAC or AEAD) and v2. is fine, i.e. Not split **MAY**.').map((r) => r.sentence),
    ).toEqual(['It **MUST** hold (e.g. HMAC or AEAD) and v2. is fine, i.e. Not split **MAY**.']);
  });

  it('keeps only the sentences that carry a keyword', () => {
    expect(extract('Plain one. Servers **MUST** do it. Plain two.').map((r) => r.sentence)).toEqual([
      'Servers **MUST** do it.',
    ]);
  });
});

describe('extractSentences: keywords and level', () => {
  it('reads upper-case keywords bold or plain, never lower-case ones or longer words', () => {
    expect(
      extract('Clients must not, may, MUSTARD or MAYBE. Servers MUST do it.\n').map((r) => [r.sentence, r.keywords]),
    ).toEqual([['Servers MUST do it.', ['MUST']]]);
  });

  it('lists every keyword in order and normalizes REQUIRED, SHALL, RECOMMENDED, OPTIONAL', () => {
    const [r] = extract('It is OPTIONAL, RECOMMENDED, NOT RECOMMENDED, REQUIRED and it SHALL NOT fail.');
    expect(r!.keywords).toEqual(['MAY', 'SHOULD', 'SHOULD NOT', 'MUST', 'MUST NOT']);
  });

  it('levels a sentence by its strongest keyword, the first one written on a tie', () => {
    const rows = extract(
      [
        'A **MAY** x and **MUST** y.',
        'B **MUST** x; it **MUST NOT** y.',
        'C **MUST NOT** x; it **MUST** y.',
        'D **SHOULD NOT** x but **MAY** y.',
      ].join('\n\n'),
    );
    expect(rows.map((r) => r.level)).toEqual(['MUST', 'MUST', 'MUST NOT', 'SHOULD NOT']);
  });
});

describe('extractSentences: lead-in absorption', () => {
  it('absorbs the keyword-free items after a lead-in ending in ":" with a keyword', () => {
    expect(brief(extract('Receivers **SHOULD**:\n\n- Stop the\n  work\n- Free resources\n\nAfter.\n'))).toEqual([
      ['251125-p-1', 'Receivers **SHOULD**: - Stop the work - Free resources'],
    ]);
  });

  it('absorbs only the plain sentences of an item; its keyword sentences stay rows of their own', () => {
    const md =
      'Consumers **MUST** be careful:\n\n- Check the URI. Clients **MUST** reject `file:`.\n  - Disallow redirects.\n- Payload **MAY** be code.\n- Fetch plainly.\n';
    expect(brief(extract(md))).toEqual([
      ['251125-p-1', 'Consumers **MUST** be careful: - Check the URI. - Disallow redirects. - Fetch plainly.'],
      ['251125-p-3', 'Clients **MUST** reject `file:`.'],
      ['251125-p-5', 'Payload **MAY** be code.'],
    ]);
  });

  it('does not absorb after a lead-in without a keyword, or one that is not the last sentence', () => {
    const md =
      'Disconnection **MAY** occur. Therefore:\n\n- plain item\n\nServers **MUST** list: this. More.\n\n- other item\n';
    expect(extract(md).map((r) => r.sentence)).toEqual([
      'Disconnection **MAY** occur.',
      'Servers **MUST** list: this.',
    ]);
  });

  it('absorbs only the items nested under a lead-in item, not its siblings', () => {
    const md = '- Servers **MUST** send:\n  - a body\n  - a status\n- plain sibling\n';
    expect(extract(md).map((r) => r.sentence)).toEqual(['Servers **MUST** send: - a body - a status']);
  });

  it('stops absorbing at the first block that is not a list item', () => {
    const md = 'It **MUST** contain:\n\n- one\n\nA paragraph.\n\n- two\n';
    expect(extract(md).map((r) => r.sentence)).toEqual(['It **MUST** contain: - one']);
  });
});

describe('extractSentences: tables', () => {
  const table = [
    '| Case | Client | Server |',
    '| ---- | :----: | ------ |',
    '| Value   given | Client MUST send it | Server MUST NOT expect it |',
    '| None | n/a | Server MAY ignore |',
    '| Plain | no | keyword |',
  ].join('\n');

  it('emits a row once per keyword cell, quoting the whole row with per-cell keywords and party', () => {
    const rows = extract(table);
    expect(rows.map((r) => [r.id, r.line, r.level, r.appliesTo, r.keywords, r.sentence])).toEqual([
      [
        '251125-p-3a',
        3,
        'MUST',
        'client',
        ['MUST'],
        '| Value given | Client MUST send it | Server MUST NOT expect it |',
      ],
      [
        '251125-p-3b',
        3,
        'MUST NOT',
        'server',
        ['MUST NOT'],
        '| Value given | Client MUST send it | Server MUST NOT expect it |',
      ],
      ['251125-p-4', 4, 'MAY', 'server', ['MAY'], '| None | n/a | Server MAY ignore |'],
    ]);
  });
});

describe('extractSentences: what is not prose', () => {
  it('skips front matter, code fences, mermaid, link definitions, headings and tag-only lines', () => {
    const md = [
      '---',
      'title: MUST be skipped',
      '---',
      '# Heading MUST',
      '```json',
      '{ "note": "MUST" }',
      '```',
      '~~~mermaid',
      'A->>B: MUST',
      '~~~',
      '[ref]: https://example.com/MUST',
      '<Note>',
      'Inside a note **MUST** count.',
      '</Note>',
      '<div id="x" />',
    ].join('\n');
    expect(brief(extract(md))).toEqual([['251125-p-13', 'Inside a note **MUST** count.']]);
  });

  it('keeps a prose line that merely starts with something tag-like', () => {
    expect(
      extract('Clients **MUST** send `MCP-Protocol-Version:\n<protocol-version>` on every request.').map(
        (r) => r.sentence,
      ),
    ).toEqual(['Clients **MUST** send `MCP-Protocol-Version: <protocol-version>` on every request.']);
  });
});

describe('extractSentences: ids and scope', () => {
  it('suffixes a, b, c when several sentences start on one line, and uses the revision prefix', () => {
    const rows = extract('A **MUST** x. B **MAY** y. C **SHOULD** z.\nD **MUST** w.', { revision: '2026-07-28' });
    expect(rows.map((r) => r.id)).toEqual(['260728-p-1a', '260728-p-1b', '260728-p-1c', '260728-p-2']);
  });

  it('keeps a sentence that starts inside a line range even when it runs past it, and drops one that starts outside', () => {
    const rows = extract('Out **MUST** a.\n\nIn **MUST**\nb.\n\nOut **MAY** c.', { lines: [[3, 3]] });
    expect(brief(rows)).toEqual([['251125-p-3', 'In **MUST** b.']]);
  });

  it('reports a scoped page that is missing, path-first, and still extracts the others', () => {
    const scope: ScopedFile[] = [
      { file: 'gone.mdx', short: 'gone' },
      { file: FILE, short: 'p' },
    ];
    const r = extractSentences('2025-11-25', new Map([[FILE, 'A **MUST** b.']]), {
      scope,
      review: { defaults: { gone: 'both', p: 'both' }, overrides: [] },
    });
    expect(r.problems.map(formatProblem)).toEqual([
      '2025-11-25/gone.mdx: spec page in the extractor scope is missing\n  hint: run `npm run fetch-spec`, or fix SENTENCE_SCOPE in src/bench/spec/sentence-scope.ts',
    ]);
    expect(r.rows.map((x) => x.id)).toEqual(['251125-p-1']);
  });

  it('reports a scoped page without an applies_to default instead of guessing', () => {
    const r = extractSentences('2025-11-25', new Map([[FILE, 'A **MUST** b.']]), {
      scope: [{ file: FILE, short: 'p' }],
      review: { defaults: {}, overrides: [] },
    });
    expect(r.problems.map(formatProblem)).toEqual([
      'src/bench/spec/applies-to-review.ts: DEFAULTS["2025-11-25"]: no applies_to default for page "p" (docs/p.mdx)\n  hint: add the page with "server", "client" or "both"',
    ]);
  });
});

describe('extractSentences: applies_to', () => {
  const md = 'The client **MUST** a.\n\nThe body **MUST** b.\n\nThe server **MUST** c.';

  it('takes the named party, else the page default', () => {
    expect(extract(md, { review: { defaults: { p: 'server' } } }).map((r) => r.appliesTo)).toEqual([
      'client',
      'server',
      'server',
    ]);
  });

  it('lets a reviewed override win over the rule and the default', () => {
    const review = { overrides: [{ appliesTo: 'both' as const, why: 'test', ids: ['251125-p-1', '251125-p-5'] }] };
    expect(extract(md, { review }).map((r) => r.appliesTo)).toEqual(['both', 'both', 'both']);
  });
});
