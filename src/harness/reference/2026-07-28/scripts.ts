/**
 * What the 2026-07-28 reference server does in each client-role scenario. The server records; it never judges, so
 * these switches only shape what the client is confronted with. Tool definitions come from the scenario file itself
 * (served verbatim by tools/list), so the prompt, the judges and the server cannot disagree about them.
 */
export interface ReferenceScript {
  /** Hold the tools/list response this long, so ids reused while it is in flight are visible on the wire. */
  listDelayMs: number;
  /** How get_secret's final result is delivered. */
  secretVia: 'json' | 'sse';
  /** get_secret validates the scenario's x-mcp-header parameters against Mcp-Param-* headers (the server's MUST). */
  paramHeaders: boolean;
  /** get_secret requires the `token` argument returned by this tool (answered as JSON), if set. */
  tokenTool?: string;
  /** get_secret runs the two-round multi round-trip flow (elicitation, then requestState) before answering. */
  mrtr: boolean;
  /** Declare the tasks extension and run get_secret as a task, followed with tasks/get (tasks.ts). */
  tasks?: boolean;
}

const BASE: ReferenceScript = { listDelayMs: 0, secretVia: 'json', paramHeaders: false, mrtr: false };

/** Scripts by scenario id (`scenarios/2026-07-28/client/<id>.json`). */
export const SCRIPTS: Readonly<Record<string, ReferenceScript>> = {
  'stateless-call': { ...BASE, listDelayMs: 150, secretVia: 'sse', tokenTool: 'get_token' },
  // A tool name outside the header-safe set: Mcp-Name must carry it as the Base64 sentinel (shttp-295).
  'param-headers': { ...BASE, paramHeaders: true, tokenTool: 'entrée' },
  'version-retry': { ...BASE },
  'multi-round-trip': { ...BASE, mrtr: true },
  'task-poll': { ...BASE, tasks: true },
};

/** The only protocol version this reference implements. */
export const SUPPORTED_VERSIONS = ['2026-07-28'] as const;

export const SERVER_INFO = { name: 'mcpfs-reference', version: '1.0.0' };

/** The elicitation get_secret asks for in the multi-round-trip scenario, and the answer the prompt tells clients to give. */
export const CONFIRM_KEY = 'confirm';
export const CONFIRM_REQUEST = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Confirm that the secret may be revealed.',
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  },
};
