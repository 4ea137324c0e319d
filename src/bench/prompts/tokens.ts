import type { Checkpoint } from '../schema/checkpoint.ts';

/**
 * Give-away tokens: the wire details a checkpoint grades, derived from its `rule`, `appliesWhen` and `spec.quote`.
 * A prompt states the task, never the grade, so a token found in a prompt is a leak (unless the scenario allows it).
 * Derivation is deliberately narrow: every class below names something only the spec (or the judge) should tell the
 * agent, and task vocabulary (method names, feature names, tool names) never becomes a token.
 */
export type TokenKind =
  | 'http-status'
  | 'jsonrpc-code'
  | 'error-name'
  | 'header'
  | 'http-method'
  | 'media-type'
  | 'field'
  | 'rule-word'
  | 'probe-value'
  | 'sentence';

/** One give-away token and how to find it in a prompt. */
export interface GiveawayToken {
  kind: TokenKind;
  /** The token as printed and as named in a scenario's `leakAllowed`. */
  token: string;
  /** Finds the token in prompt text (word-bounded; `sentence` tokens are matched on normalized text instead). */
  pattern: RegExp;
}

/**
 * Words that are the task's own vocabulary: the protocol's and transport's names, method and feature names, JSON-RPC
 * members every prompt may name. A derived token equal to one of them (case-insensitive) is dropped.
 */
export const TASK_VOCABULARY: readonly string[] = [
  'mcp',
  'http',
  'https',
  'json',
  'json-rpc',
  'jsonrpc',
  'sse',
  'server-sent',
  'streamable',
  'initialize',
  'ping',
  'tools',
  'tasks',
  'prompts',
  'resources',
  'logging',
  'completions',
  'elicitation',
  'sampling',
  'roots',
  'session',
  'sessions',
  'id',
  'method',
  'params',
  'result',
  'error',
  'code',
  'message',
  'data',
];

/** IANA-registered HTTP status codes: a 3-digit number that is not one of them (250 in "transferred 250") is no status. */
const HTTP_STATUSES = new Set([
  100,
  101,
  102,
  103,
  200,
  201,
  202,
  203,
  204,
  205,
  206,
  207,
  208,
  226,
  300,
  301,
  302,
  303,
  304,
  305,
  307,
  308,
  ...Array.from({ length: 19 }, (_, i) => 400 + i),
  421,
  422,
  423,
  424,
  425,
  426,
  428,
  429,
  431,
  451,
  500,
  501,
  502,
  503,
  504,
  505,
  506,
  507,
  508,
  510,
  511,
]);

/**
 * Words for the SSE event and id rules a checkpoint may name. They are prose, so no syntactic class finds them;
 * each is derived only when the checkpoint's own text contains it (`detect`), then searched for with `find`.
 */
const RULE_WORDS: readonly { token: string; detect: RegExp; find: RegExp }[] = [
  { token: 'priming', detect: /\bprim(?:e|es|ed|ing)\b/i, find: /\bprim(?:e|es|ed|ing)\b/i },
  { token: 'event id', detect: /\bevent[\s-]+ids?\b/i, find: /\bevent[\s-]+ids?\b/i },
  // Only the SSE `retry` field: "retry" alone is multi round-trip and version-negotiation vocabulary.
  { token: 'retry', detect: /`retry`|\bretry(?::|\s+field)/i, find: /\bretry\b/i },
  { token: 'replay', detect: /\breplay/i, find: /\breplay\w*/i },
  { token: 'broadcast', detect: /\bbroadcast/i, find: /\bbroadcast\w*/i },
  { token: 'globally unique', detect: /\bglobally\s+unique\b/i, find: /\bglobally\s+unique\b/i },
  {
    token: 'cryptographically secure',
    detect: /\bcryptographically\s+secure\b/i,
    find: /\bcryptographically\s+secure\b/i,
  },
  { token: 'visible ASCII', detect: /\bvisible\s+ASCII\b/i, find: /\bvisible\s+ASCII\b/i },
  { token: 'case-insensitive', detect: /\bcase[\s-]insensitive\b/i, find: /\bcase[\s-]insensitive\b/i },
  { token: 'numerically', detect: /\bnumerically\b/i, find: /\bnumerically\b/i },
  { token: 'Base64', detect: /base64/i, find: /\bbase64\b/i },
  { token: 'sentinel', detect: /\bsentinel\b/i, find: /\bsentinel\b/i },
  { token: 'request id', detect: /\brequest\s+ids?\b/i, find: /\brequest[\s-]+ids?\b/i },
  { token: 'same id', detect: /\bsame\s+id\b/i, find: /\bsame\s+ids?\b/i },
];

/** Capitalized words that stand before "header" as English, not as a header's name ("The header value …"). */
const SENTENCE_WORDS = new Set([
  'The',
  'These',
  'This',
  'That',
  'Those',
  'Each',
  'Every',
  'Any',
  'No',
  'All',
  'Its',
  'Their',
  'Such',
  'Other',
]);

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Bounded on each side where the token's edge is a word character (so `-32601` and `Mcp-Param-` still bound). */
function bounded(text: string, flags: string, opts: { prefix?: boolean } = {}): RegExp {
  const left = /^[\w]/.test(text) ? '(?<![\\w-])' : '(?<![\\w])';
  const right = opts.prefix ? '' : /[\w]$/.test(text) ? '(?![\\w-])' : '(?![\\w])';
  return new RegExp(left + esc(text).replace(/ /g, '\\s+') + right, flags);
}

/** Markdown link targets carry URLs and anchors, not sentence text: `[x](url)` / `[x][ref]` → `[x]`. */
const dropLinkTargets = (s: string): string => s.replace(/\]\([^)]*\)/g, ']').replace(/\]\[[^\]]*\]/g, ']');

/** A quote or rule as plain text: no markdown emphasis, code marks, link targets or table pipes; one space; lower case. */
export function normalizeSentence(s: string): string {
  return dropLinkTargets(s)
    .replace(/[*`_[\]|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.:;]$/, '')
    .trim()
    .toLowerCase();
}

/** Every token one checkpoint gives away, deduplicated, in a stable order. `vocabulary` adds task words (tool names). */
export function checkpointTokens(
  c: Pick<Checkpoint, 'rule' | 'appliesWhen' | 'spec'>,
  revision: string,
  vocabulary: readonly string[] = [],
): GiveawayToken[] {
  const stop = new Set([...TASK_VOCABULARY, ...vocabulary].map((w) => w.toLowerCase()));
  const quote = c.spec ? dropLinkTargets(c.spec.quote) : '';
  const prose = [c.rule, c.appliesWhen ?? ''].join('\n');
  const all = `${prose}\n${quote}`;
  const out = new Map<string, GiveawayToken>();
  const add = (kind: TokenKind, token: string, pattern: RegExp) => {
    if (kind !== 'sentence' && stop.has(token.toLowerCase())) return;
    const key = kind === 'sentence' ? `sentence\u0000${token}` : token.toLowerCase();
    if (!out.has(key)) out.set(key, { kind, token, pattern });
  };

  // Probe values (a foreign Origin, an unsupported version): naming them tells the agent what the prober sends.
  // Dates other than the scenario's own revision; URLs of the rule (the quote's URLs are link targets, dropped above).
  for (const m of all.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g))
    if (m[0] !== revision) add('probe-value', m[0], bounded(m[0], 'i'));
  for (const m of prose.matchAll(/\bhttps?:\/\/[^\s)`"',;]+/g)) add('probe-value', m[0], bounded(m[0], 'i'));
  const text = all.replace(/\bhttps?:\/\/[^\s)`"',;]+/g, ' ');

  // HTTP status codes: the status a response must have is the most direct give-away. A registered code not used as a
  // value (`retry: 300`, `"delayMs":300`) or a duration (`300 ms`).
  for (const m of text.matchAll(/(?<!:\s?)(?<![\w.-])([1-5]\d\d)(?![\w.])(?!\s*(?:ms|s|milliseconds|seconds)\b)/g)) {
    if (HTTP_STATUSES.has(Number(m[1]))) add('http-status', m[1]!, new RegExp(`(?<![\\w.-])${m[1]}(?![\\w-]|\\.\\d)`));
  }
  // JSON-RPC error codes (-32xxx), with or without their minus sign in the prompt.
  for (const m of text.matchAll(/(?<![\w-])-32\d{3}(?!\d)/g))
    add('jsonrpc-code', m[0], new RegExp(`(?<![\\w])-?${m[0].slice(1)}(?!\\d)`));
  // Error names: the name beside a code ("-32601 (Method not found)"), the schema's *Error types, and a name directly
  // before "JSON-RPC error": each tells which error to send as surely as the code.
  for (const m of text.matchAll(/-32\d{3}`?\s*\(`?([A-Za-z][A-Za-z ]*?)`?\)/g))
    add('error-name', m[1]!, bounded(m[1]!, 'i'));
  for (const m of text.matchAll(/\b[A-Z][a-z]+(?:[A-Z][a-z]+)*Error\b/g)) add('error-name', m[0], bounded(m[0], 'i'));
  for (const m of text.matchAll(/`?\b([A-Z][a-z]+(?:[A-Z][a-z]+)+)`?\s+JSON-RPC\s+error/g))
    add('error-name', m[1]!, bounded(m[1]!, 'i'));
  // Header names: hyphenated Title-Case words (MCP-Session-Id, Last-Event-ID, Mcp-Param-{Name}, X-Accel-Buffering);
  // a template tail ({Name}, *) is dropped and any header the name begins (Mcp-Param-Region) matches it. One-word
  // headers (Accept, Origin) only where the text says "<Name> header", and matched with their capital only: lower case
  // they are English verbs and nouns.
  for (const m of text.matchAll(/(?<![\w-])[A-Z][A-Za-z0-9]*(?:-(?:[A-Z][A-Za-z0-9]*|\{[A-Za-z]+\}|\*))+/g)) {
    const h = m[0].replace(/-(\{[A-Za-z]+\}|\*)$/, '');
    add('header', h, new RegExp(`(?<![\\w-])${esc(h)}(?![A-Za-z0-9])`, 'i'));
  }
  for (const m of text.matchAll(/(?<![\w-])`?([A-Z][a-z]+)`?\s+headers?\b/g)) {
    if (!SENTENCE_WORDS.has(m[1]!)) add('header', m[1]!, bounded(m[1]!, ''));
  }
  // HTTP methods, upper case only (lower case they are the verbs get, post, delete): which method to use is graded.
  for (const m of text.matchAll(/\b(GET|POST|DELETE|PUT|PATCH)\b/g)) add('http-method', m[1]!, bounded(m[1]!, ''));
  // Media types: naming them says what to put into Accept and Content-Type.
  for (const m of text.matchAll(/(?<![\w/])(?:application|text)\/[a-z0-9.+-]*[a-z0-9]/g))
    add('media-type', m[0], bounded(m[0], 'i'));
  // Field names: `_meta` keys (io.modelcontextprotocol/…; a `/*` tail makes a prefix), camelCase members, dotted
  // paths and `_`-prefixed names. The wire shape of a result or request is the spec's to tell.
  for (const m of text.matchAll(/\bio\.modelcontextprotocol\/(?:[\w-]+|\*)/g)) {
    const k = m[0].replace(/\*$/, '');
    add('field', k, bounded(k, 'i', { prefix: k.endsWith('/') }));
  }
  const fieldText = text.replace(/\bio\.modelcontextprotocol\/(?:[\w-]+|\*)/g, ' ');
  for (const m of fieldText.matchAll(/(?<![\w.])[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\b/g))
    add('field', m[0], bounded(m[0], 'i'));
  for (const m of fieldText.matchAll(/(?<![\w.])[a-z_][a-z0-9_]+(?:\.[a-z_][A-Za-z0-9_]+)+\b/g))
    add('field', m[0], bounded(m[0], 'i'));
  for (const m of fieldText.matchAll(/(?<![\w])_[a-z][A-Za-z0-9]*\b/g)) add('field', m[0], bounded(m[0], 'i'));
  // A one-word lower-case code span of the quote (`ttl`, `working`) is a field or value the judge checks only when the
  // rule names it too; otherwise it is the spec's prose (`initialize`, `tasks/get` are vocabulary anyway).
  for (const w of RULE_WORDS) if (w.detect.test(all)) add('rule-word', w.token, w.find);
  for (const m of quote.matchAll(/`([a-z][a-z0-9_]*)`/g)) {
    // Standalone in the rule: "notifications/initialized" names a method, which is vocabulary.
    if (new RegExp(`(?<![\\w/])${m[1]}(?![\\w/])`).test(prose)) add('field', m[1]!, bounded(m[1]!, 'i'));
  }
  // The cited sentence itself, normalized: a prompt that quotes the spec hands over the rule verbatim.
  if (c.spec) {
    const n = normalizeSentence(c.spec.quote);
    add('sentence', n, new RegExp(esc(n)));
  }
  return [...out.values()];
}

/** Whether `token` occurs in `text` (case and boundaries per kind; sentences on normalized text). */
export function occursIn(t: GiveawayToken, text: string): boolean {
  return t.kind === 'sentence' ? normalizeSentence(text).includes(t.token) : t.pattern.test(text);
}
