import { McpfsError } from '../../../../bench/errors.ts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The tools the 2026-07-28 server scenarios name, exactly as their prompts describe them. */
export const TOOLS = [
  {
    name: 'add',
    description: 'Add two numbers and return the sum as text.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
  {
    name: 'echo',
    description: 'Return the given text unchanged.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'route_query',
    description: 'Route a query to a region; returns region|priority|query.',
    inputSchema: {
      type: 'object',
      properties: {
        region: {
          type: 'string',
          description: 'Region to run in; absent means the global region.',
          'x-mcp-header': 'Region',
        },
        priority: { type: 'integer', description: 'Priority, an integer.', 'x-mcp-header': 'Priority' },
        query: { type: 'string', description: 'The query text.' },
      },
      required: ['priority', 'query'],
    },
  },
  {
    name: 'slow_square',
    description: 'Square x after delayMs milliseconds; runs only as a task.',
    inputSchema: {
      type: 'object',
      properties: { x: { type: 'number' }, delayMs: { type: 'integer', minimum: 0, maximum: 60000 } },
      required: ['x', 'delayMs'],
    },
  },
  {
    name: 'confirm_transfer',
    description: 'Transfer an amount after the user confirms it.',
    inputSchema: { type: 'object', properties: { amount: { type: 'integer', minimum: 1 } }, required: ['amount'] },
  },
  {
    name: 'countdown',
    description: 'Count down n ticks of 100 ms over an SSE stream, then return "liftoff".',
    inputSchema: {
      type: 'object',
      properties: { jobId: { type: 'string' }, n: { type: 'integer', minimum: 1, maximum: 100 } },
      required: ['jobId', 'n'],
    },
  },
  {
    name: 'install_plugin',
    description: 'Install the plugin name: adds a tool of that name, which returns "<name> ready".',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
  {
    name: 'job_status',
    description: 'Report a countdown job: running, done or cancelled, with its tick count.',
    inputSchema: { type: 'object', properties: { jobId: { type: 'string' } }, required: ['jobId'] },
  },
];

/** Parameters of route_query mirrored into headers: argument name → header name suffix and type. */
export const PARAM_HEADERS = [
  { arg: 'region', header: 'Region', type: 'string' },
  { arg: 'priority', header: 'Priority', type: 'integer' },
] as const;

/** A text tool result (resultType and _meta are added by the server). */
export const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

/** A malformed request or bad state (unknown tool, forged requestState, unknown task): JSON-RPC -32602. */
export class InvalidParams extends McpfsError {}

/**
 * A tool's arguments fail its input schema (wrong type, missing, out of range): a tool execution error, i.e. a
 * `CallToolResult` with `isError: true`, not a JSON-RPC error (tools.mdx "Error Handling": input validation errors
 * are tool execution errors, so the model can correct itself; SEP-1303).
 */
export class ToolInputError extends McpfsError {}

export function num(v: unknown, name: string, integer = false): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)))
    throw new ToolInputError(`argument "${name}" must be ${integer ? 'an integer' : 'a number'}`);
  return v;
}

export function str(v: unknown, name: string): string {
  if (typeof v !== 'string') throw new ToolInputError(`argument "${name}" must be a string`);
  return v;
}

/**
 * requestState for confirm_transfer: `base64url(JSON payload).base64url(HMAC-SHA256)` under a per-process key, so
 * a client can carry it but not forge or alter it (…-mrtr-232b). The payload binds the tool and amount and expires.
 */
export class StateSealer {
  private readonly key = randomBytes(32);

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  seal(payload: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload, or undefined when the token is malformed or its MAC does not verify (`trust` skips the MAC). */
  open(token: unknown, trust = false): Record<string, unknown> | undefined {
    if (typeof token !== 'string') return undefined;
    const [body, sig, ...rest] = token.split('.');
    if (!body || rest.length) return undefined;
    if (!trust) {
      const want = Buffer.from(this.mac(body));
      const got = Buffer.from(sig ?? '');
      if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    }
    try {
      const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
}
