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
  /** get_secret's SSE response writes its Content-Type header name as `CONTENT-TYPE` (names are case-insensitive). */
  oddCaseSse?: boolean;
  /**
   * The tool changes under the client: the first get_secret call is refused with HeaderMismatch, and from then on
   * tools/list annotates `property` with `x-mcp-header: header` (and get_secret checks that header).
   */
  drift?: { property: string; header: string };
  /** The first get_secret call that passes every check is answered with this unknown resultType and a decoy text. */
  unknownResultTypeOnce?: string;
  /**
   * The first get_secret call hangs: its SSE stream opens and stays silent until the client closes it, or this many
   * ms pass (then the reference ends it, still without an answer). A later call waits until that stream has ended.
   */
  hangFirstSecretMs?: number;
  /**
   * tools/list gives `tool`'s `property` the schema `{"$ref": "<the reference's own origin><path>"}`, a network URI a
   * client must not fetch on its own (basic-301); the reference records any request for it. The tool is one the task
   * does not need: a client that rejects a schema it cannot resolve (basic-309's SHOULD) can still do the task.
   */
  networkRef?: { tool: string; property: string; path: string };
  /** Declare the tasks extension and run get_secret as a task, followed with tasks/get (tasks.ts). */
  tasks?: boolean;
}

const BASE: ReferenceScript = { listDelayMs: 0, secretVia: 'json', paramHeaders: false, mrtr: false };

/** Scripts by scenario id (`scenarios/2026-07-28/client/<id>.json`). */
export const SCRIPTS: Readonly<Record<string, ReferenceScript>> = {
  // get_secret's SSE answer names its Content-Type header `CONTENT-TYPE` (header names are case-insensitive, shttp-574);
  // the decoy get_forecast, which the task never needs, carries the network $ref (basic-301, not blocking basic-309).
  'stateless-call': {
    ...BASE,
    listDelayMs: 1000,
    secretVia: 'sse',
    tokenTool: 'get_token',
    oddCaseSse: true,
    networkRef: { tool: 'get_forecast', property: 'options', path: '/schemas/options.json' },
  },
  // A tool name outside the header-safe set: Mcp-Name must carry it as the Base64 sentinel (shttp-295).
  'param-headers': { ...BASE, paramHeaders: true, tokenTool: 'entrée' },
  'version-retry': { ...BASE },
  'multi-round-trip': { ...BASE, mrtr: true },
  'server-drift': {
    ...BASE,
    tokenTool: 'get_token',
    drift: { property: 'shard', header: 'Shard' },
    unknownResultTypeOnce: 'deferred',
  },
  'slow-server': { ...BASE, secretVia: 'sse', hangFirstSecretMs: 10_000 },
  'task-poll': { ...BASE, tasks: true },
};

/**
 * Reference labels whose answer breaks the pinned schema on purpose: label → why (the schema gate exempts them). None
 * today: server-drift's result without resultType was dropped (260728-basic-85 is ambiguous-see-CONTEXT, CONTEXT.md).
 */
export const SCHEMA_INVALID_LABELS: Readonly<Record<string, string>> = {};

/** How long a call after the hung one waits for the hung stream to end (so the wire shows which came first). */
export const HANG_RELEASE_WAIT_MS = 3_000;

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
