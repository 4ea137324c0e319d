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

/** The x-mcp-header constraint an annotation breaks (streamable-http.mdx "Schema Extension", one bullet each). */
export type AnnotationRule = 'empty' | 'token' | 'unique' | 'type' | 'reachable';

/** The first constraint a tool's annotations break, and why in words. */
export interface AnnotationViolation {
  rule: AnnotationRule;
  why: string;
}

/**
 * The first x-mcp-header constraint a tool's inputSchema violates, or undefined when it violates none: an annotation
 * must be a non-empty HTTP token, unique case-insensitively, on a string/integer/boolean property reachable from the
 * root through `properties` keys only.
 */
export function annotationViolation(schema: unknown): AnnotationViolation | undefined {
  const seen = new Set<string>();
  const walk = (node: unknown, where: string, reachable: boolean): AnnotationViolation | undefined => {
    if (!isObject(node)) return undefined;
    const h = node['x-mcp-header'];
    if (h !== undefined) {
      if (!reachable)
        return { rule: 'reachable', why: `x-mcp-header at ${where}, not reachable through properties alone` };
      if (h === '') return { rule: 'empty', why: `x-mcp-header at ${where} is empty` };
      if (typeof h !== 'string' || !TCHARS.test(h))
        return { rule: 'token', why: `x-mcp-header ${JSON.stringify(h)} at ${where} is not an HTTP token` };
      if (seen.has(h.toLowerCase())) return { rule: 'unique', why: `x-mcp-header ${h} is not unique` };
      seen.add(h.toLowerCase());
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (!types.every((t) => PRIMITIVE.has(t as string)))
        return {
          rule: 'type',
          why: `x-mcp-header ${h} on type ${JSON.stringify(node.type)} (only string, integer, boolean)`,
        };
    }
    for (const [k, sub] of Object.entries(node)) {
      if (k === 'properties' && isObject(sub)) {
        for (const [name, prop] of Object.entries(sub)) {
          const p = walk(prop, `${where}.${name}`, reachable);
          if (p) return p;
        }
      } else if (typeof sub === 'object' && sub !== null && k !== 'x-mcp-header') {
        for (const child of Array.isArray(sub) ? sub : [sub]) {
          const p = walk(child, `${where}/${k}`, false);
          if (p) return p;
        }
      }
    }
    return undefined;
  };
  return walk(schema, '$', true);
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
