import { McpfsError } from '../../../../bench/errors.ts';
/**
 * Header value encoding for the oracle client (streamable-http.mdx "Value Encoding" and "Schema Extension").
 * Written independently of the judges' helpers on purpose: a shared bug would make oracle and judge agree wrongly.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when every character is visible ASCII, space or tab, and the value neither starts nor ends with whitespace. */
function safePlain(s: string): boolean {
  if (s.length === 0) return true;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (!(c === 0x09 || (c >= 0x20 && c <= 0x7e))) return false;
  }
  return !/^[ \t]|[ \t]$/.test(s);
}

/**
 * Encode a header value: plain when safe and not sentinel-shaped, else `=?base64?<Base64 of UTF-8>?=`
 * (`upperMarkers`, a mutant's switch: `=?BASE64?…?=`).
 */
export function encodeHeaderValue(
  s: string,
  opts: { base64?: boolean; escapeSentinel?: boolean; upperMarkers?: boolean } = {},
): string {
  const sentinelShaped = s.startsWith('=?base64?') && s.endsWith('?=');
  const plain = (opts.base64 === false || safePlain(s)) && !(sentinelShaped && opts.escapeSentinel !== false);
  return plain ? s : `=?${opts.upperMarkers ? 'BASE64' : 'base64'}?${Buffer.from(s, 'utf8').toString('base64')}?=`;
}

/** A parameter value as header text: strings as-is, integers in decimal, booleans lower-case; other types never. */
export function headerString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v.toString(10);
  return undefined;
}

/** An `x-mcp-header` annotation: header name part and the property path it reads. */
export interface HeaderParam {
  header: string;
  path: string[];
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FORBIDDEN = [
  'items',
  'prefixItems',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
];

/** Thrown when a tool's x-mcp-header annotations violate the constraints: the client must drop that tool. */
export class InvalidToolError extends McpfsError {
  constructor(tool: string, why: string) {
    super(`tool ${tool} rejected: ${why}`);
  }
}

/**
 * Collect and validate a tool's annotations (token syntax, unique case-insensitively, primitive types, reachable only
 * via properties). `typeOnly` (a mutant) checks the type rule alone and keeps every other annotation it finds.
 */
export function headerParams(tool: string, schema: unknown, opts: { typeOnly?: boolean } = {}): HeaderParam[] {
  const out: HeaderParam[] = [];
  const strict = opts.typeOnly !== true;
  const walk = (node: unknown, path: string[], reachable: boolean) => {
    if (!isObj(node)) return;
    if ('x-mcp-header' in node) {
      const h = node['x-mcp-header'];
      if (strict && (!reachable || path.length === 0))
        throw new InvalidToolError(tool, `x-mcp-header at an unreachable place (${path.join('.') || 'root'})`);
      if (strict && (typeof h !== 'string' || !TOKEN.test(h)))
        throw new InvalidToolError(tool, `x-mcp-header ${JSON.stringify(h)} is not an HTTP token`);
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (!types.every((t) => t === 'string' || t === 'integer' || t === 'boolean'))
        throw new InvalidToolError(
          tool,
          `x-mcp-header ${String(h)} on a non-primitive type ${JSON.stringify(node.type)}`,
        );
      if (strict && out.some((p) => p.header.toLowerCase() === String(h).toLowerCase()))
        throw new InvalidToolError(tool, `x-mcp-header ${String(h)} is not unique`);
      // Only annotations the strict checks would accept reach a header name; the mutant skips the rest silently.
      if (typeof h === 'string' && TOKEN.test(h) && reachable) out.push({ header: h, path });
    }
    if (isObj(node.properties))
      for (const [k, sub] of Object.entries(node.properties)) walk(sub, [...path, k], reachable);
    for (const key of FORBIDDEN) {
      const sub = node[key];
      for (const s of Array.isArray(sub) ? sub : [sub]) walk(s, path, false);
    }
  };
  walk(schema, [], true);
  return out;
}

/** The value at a property path (undefined when any step is missing). */
export function readPath(args: unknown, path: readonly string[]): unknown {
  let cur = args;
  for (const k of path) cur = isObj(cur) && k in cur ? cur[k] : undefined;
  return cur;
}
