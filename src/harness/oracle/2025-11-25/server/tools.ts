import { McpfsError } from '../../../../bench/errors.ts';
import type { MutantId } from './mutants.ts';

/** The tools the 2025-11-25 server scenarios name, exactly as their prompts describe them. */
export const TOOLS = [
  {
    name: 'add',
    description: 'Add two numbers; returns the sum as text.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
  {
    name: 'echo',
    description: 'Return the given text unchanged.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'increment',
    description: "Increment this session's counter (starts at 0) and return the new value as text.",
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'countdown',
    description: 'Stream n progress notifications, then return "liftoff".',
    inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['n'] },
  },
  {
    name: 'slow_square',
    description: 'Square x after delayMs milliseconds; must be called as a task.',
    inputSchema: {
      type: 'object',
      properties: { x: { type: 'number' }, delayMs: { type: 'integer', minimum: 0, maximum: 60000 } },
      required: ['x', 'delayMs'],
    },
    execution: { taskSupport: 'required' },
  },
  {
    name: 'long_countdown',
    description: 'Count down from n, one step every 300 ms, then return "liftoff"; the client may call it off.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['n'] },
  },
  {
    name: 'slow_countdown',
    description: 'Count down from n, one step every 300 ms, reporting progress, then return "liftoff".',
    inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['n'] },
  },
] as const;

/** A text tool result. */
export const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

/** A malformed request or bad state (unknown task, cancelled task): JSON-RPC -32602. */
export class InvalidParams extends McpfsError {}

/** The JSON-RPC error a crashed computation ends with (slow_square with x = 13): its task fails with it (…-862). */
export class ComputationCrashed extends McpfsError {
  readonly code = -32603;
}

/**
 * A tool's arguments fail its input schema (wrong type, missing, out of range): a tool execution error, i.e. a
 * `CallToolResult` with `isError: true`, not a JSON-RPC error (tools.mdx "Error Handling": input validation errors
 * are tool execution errors, so the model can correct itself; SEP-1303 in the 2025-11-25 changelog).
 */
export class ToolInputError extends McpfsError {}

/** The tool execution error a ToolInputError becomes. */
export const inputErrorResult = (e: ToolInputError) => ({ ...text(e.message), isError: true });

const num = (v: unknown, name: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ToolInputError(`argument "${name}" must be a number`);
  return v;
};

/** Results of the stateless tools (add, echo). */
export function simpleTool(name: string, args: Record<string, unknown>, mutant?: MutantId): object | undefined {
  if (name === 'add') {
    const a = num(args.a, 'a');
    const b = num(args.b, 'b');
    return text(String(mutant === 'wrong-results' ? a - b : a + b));
  }
  if (name === 'echo') {
    if (typeof args.text !== 'string') throw new ToolInputError('argument "text" must be a string');
    return text(mutant === 'wrong-results' ? args.text.toUpperCase() : args.text);
  }
  return undefined;
}

/** Validate countdown's `n` (1–10). */
export function countdownN(args: Record<string, unknown>): number {
  const n = args.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10)
    throw new ToolInputError('argument "n" must be an integer from 1 to 10');
  return n;
}

/** Validate slow_square's arguments. */
export function squareArgs(args: Record<string, unknown>): { x: number; delayMs: number } {
  const x = num(args.x, 'x');
  const d = args.delayMs;
  if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 60000)
    throw new ToolInputError('argument "delayMs" must be an integer from 0 to 60000');
  return { x, delayMs: d };
}
