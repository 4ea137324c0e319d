import { isObject } from '../../judge/exchanges.ts';

/**
 * The x-mcp-header rules of 2026-07-28 (streamable-http.mdx "Custom Headers", "Value Encoding", "Schema Extension"):
 * which tool parameters a client mirrors into headers, how a value is encoded, how a server reads it back. One home,
 * read by the client judges and by the reference server that plays the other side. Pure.
 */

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** Whether a value has the sentinel shape (what -506 says a plain value must not be sent as). */
export const looksLikeSentinel = (v: string): boolean => v.startsWith('=?base64?') && v.endsWith('?=');

/** Decode a sentinel-encoded header value to its UTF-8 text; `undefined` when the value is not a valid sentinel. */
export function decodeSentinel(v: string): string | undefined {
  const m = SENTINEL.exec(v);
  if (!m || m[1]!.length % 4 !== 0) return undefined;
  return Buffer.from(m[1]!, 'base64').toString('utf8');
}

/** A header value as the server reads it: sentinel decoded, plain values as they are. */
export const headerText = (v: string): string => decodeSentinel(v) ?? v;

/**
 * Whether a string can travel as a plain header value: visible ASCII, inner spaces/tabs allowed, no leading or
 * trailing whitespace (streamable-http.mdx "Value Encoding", RFC 9110 field values).
 */
export function plainSafe(s: string): boolean {
  return /^[\x21-\x7e]([\x20\x21-\x7e\t]*[\x21-\x7e])?$/.test(s);
}

/** The string a parameter value converts to before encoding: strings as-is, integers in decimal, booleans lower-case. */
export function paramString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  return undefined;
}

/** Whether a header value stands for an argument value (sentinel decoded; integers compared numerically). */
export function headerCarries(header: string, value: unknown): boolean {
  const text = headerText(header);
  if (typeof value === 'number') return text.trim() !== '' && Number(text) === value;
  return text === paramString(value);
}

/** A parameter annotated with `x-mcp-header`: header name part and its property path from the schema root. */
export interface Annotated {
  name: string;
  path: string[];
}

/** Annotated parameters of a tool's inputSchema, reachable through `properties` keys only. */
export function annotatedParams(schema: unknown, path: string[] = []): Annotated[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const out: Annotated[] = [];
  for (const [key, sub] of Object.entries(schema.properties)) {
    if (!isObject(sub)) continue;
    if (typeof sub['x-mcp-header'] === 'string') out.push({ name: sub['x-mcp-header'], path: [...path, key] });
    out.push(...annotatedParams(sub, [...path, key]));
  }
  return out;
}

const TCHARS = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords streamable-http.mdx l.390 names: a chain through any of them is not static. */
const FORBIDDEN_KEYWORDS = new Set([
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
]);

/** One `x-mcp-header` annotation found anywhere in an inputSchema. */
export interface AnnotationSite {
  /** The annotation's value, as listed (any JSON value). */
  value: unknown;
  /** Where it sits: `$` the root, `.name` a `properties` key, `/keyword` any other keyword. */
  where: string;
  /** Keywords other than `properties` on the chain from the root (empty = statically reachable, l.388). */
  via: string[];
  /** The annotated schema's `type`. */
  type: unknown;
}

/** Every `x-mcp-header` annotation in a schema, in document order (depth first). */
export function annotationSites(schema: unknown): AnnotationSite[] {
  const out: AnnotationSite[] = [];
  const walk = (node: unknown, where: string, via: string[]): void => {
    if (!isObject(node)) return;
    if (node['x-mcp-header'] !== undefined) out.push({ value: node['x-mcp-header'], where, via, type: node.type });
    for (const [k, sub] of Object.entries(node)) {
      if (k === 'properties' && isObject(sub)) {
        for (const [name, prop] of Object.entries(sub)) walk(prop, `${where}.${name}`, via);
      } else if (typeof sub === 'object' && sub !== null && k !== 'x-mcp-header') {
        for (const child of Array.isArray(sub) ? sub : [sub]) walk(child, `${where}/${k}`, [...via, k]);
      }
    }
  };
  walk(schema, '$', []);
  return out;
}

/**
 * The x-mcp-header constraints (streamable-http.mdx l.378–390, tools.mdx l.348–357), one per sentence: each says why
 * an annotation breaks it, or undefined. `all` is every annotation of the same inputSchema (for uniqueness).
 */
export const ANNOTATION_RULES = {
  /** l.378: not empty. */
  nonEmpty: (a: AnnotationSite) => (a.value === '' ? 'is empty' : undefined),
  /** l.379: `1*tchar`. */
  token: (a: AnnotationSite) =>
    typeof a.value === 'string' && TCHARS.test(a.value) ? undefined : 'is not an HTTP field-name token (1*tchar)',
  /** l.380: no control characters (a non-string has none to judge: l.379's failure). */
  noControl: (a: AnnotationSite) =>
    typeof a.value === 'string' && /[\x00-\x1f\x7f]/.test(a.value) ? 'contains a control character' : undefined,
  /** l.382: case-insensitively unique within the inputSchema. */
  unique: (a: AnnotationSite, all: readonly AnnotationSite[]) => {
    const name = a.value;
    if (typeof name !== 'string') return undefined;
    const same = all.filter((b) => typeof b.value === 'string' && b.value.toLowerCase() === name.toLowerCase());
    const first = same[0];
    return first && first !== a
      ? `is not case-insensitively unique: it repeats ${JSON.stringify(first.value)} of ${first.where}`
      : undefined;
  },
  /** l.384: on a string, integer or boolean parameter only. */
  primitive: (a: AnnotationSite) => {
    const types = Array.isArray(a.type) ? a.type : [a.type];
    return types.every((t) => PRIMITIVE.has(t as string))
      ? undefined
      : `is on type ${JSON.stringify(a.type ?? null)} (only string, integer, boolean)`;
  },
  /** l.388: reachable from the root through `properties` keys alone. */
  reachable: (a: AnnotationSite) =>
    a.via.length === 0 ? undefined : `is not statically reachable: reached through ${a.via.join(', ')}`,
  /** l.390: the chain passes no array, composition or conditional keyword and no `$ref`. */
  noForbiddenKeyword: (a: AnnotationSite) => {
    const bad = a.via.filter((k) => FORBIDDEN_KEYWORDS.has(k));
    return bad.length === 0 ? undefined : `is reached through the keyword(s) ${bad.join(', ')}`;
  },
} as const satisfies Record<string, (a: AnnotationSite, all: readonly AnnotationSite[]) => string | undefined>;

export type AnnotationRule = keyof typeof ANNOTATION_RULES;

/** The first constraint an annotation breaks, checked in the order a client would reject the tool for. */
const FIRST_PROBLEM: readonly AnnotationRule[] = ['reachable', 'token', 'unique', 'primitive'];

/** The first x-mcp-header constraint a tool's annotations break: the rule (a key of ANNOTATION_RULES) and why. */
export interface AnnotationViolation {
  rule: AnnotationRule;
  why: string;
}

/**
 * The first x-mcp-header constraint a tool's inputSchema violates (streamable-http.mdx "Schema Extension"), or undefined
 * when it violates none: an annotation must be a non-empty HTTP token, unique case-insensitively, on a
 * string/integer/boolean property reachable from the root through `properties` keys only. (Empty and control characters
 * fail the token rule.)
 */
export function annotationViolation(schema: unknown): AnnotationViolation | undefined {
  const all = annotationSites(schema);
  for (const a of all) {
    for (const rule of FIRST_PROBLEM) {
      const why = ANNOTATION_RULES[rule](a, all);
      if (why) return { rule, why: `x-mcp-header ${JSON.stringify(a.value)} at ${a.where} ${why}` };
    }
  }
  return undefined;
}

/** Why a tool's inputSchema violates the x-mcp-header constraints, or undefined when it does not. */
export const annotationProblem = (schema: unknown): string | undefined => annotationViolation(schema)?.why;

/** Value at a property path; `undefined` when absent (distinct from `null`). */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let cur: unknown = args;
  for (const k of path) {
    if (!isObject(cur) || !(k in cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}
