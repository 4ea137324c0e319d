/**
 * What the 2025-11-25 reference server does in each client-role scenario. The server records; it never judges,
 * so these switches only shape what the client is confronted with.
 */
export interface ReferenceScript {
  /** Issue an `MCP-Session-Id` on the InitializeResult (and then require it, 400 without, 404 when gone). */
  sessions: boolean;
  /** Hold the initialize response this long, so a client that does not wait for it is visible on the wire. */
  initDelayMs: number;
  /** Protocol version the server answers `initialize` with; `undefined` = echo a supported request, else latest. */
  answerVersion?: string;
  /**
   * The first `initialize` only is answered with this version (one without the Streamable HTTP transport), and the
   * session it opens accepts it in MCP-Protocol-Version; later initializes negotiate normally.
   */
  firstVersion?: string;
  /** Terminate the first session right after `get_secret` is answered on it (next request with it gets 404). */
  expireAfterSecret: boolean;
  /**
   * How `get_secret` is answered. `sse-hang`: the first call gets an SSE stream with only its priming event and no
   * answer, ended by the server after `hangMs` (it ignores a cancellation, as receivers may); later calls get JSON.
   */
  secret: 'json' | 'sse-resume' | 'sse-ping' | 'sse-hang';
  /** How long the hung `get_secret` stream stays open before the server ends it without a response (ms). */
  hangMs: number;
  /** `get_secret` requires the `token` returned by `get_token` (a JSON-answered tool). */
  needsToken: boolean;
  /** `retry:` sent before the scripted connection close (ms). */
  retryMs: number;
  /** `finished` resolves on the DELETE of a live session after the answer was accepted, not on the answer itself. */
  finishOnDelete: boolean;
  /** Declare task-augmented tools/call and run `get_secret` only as a task (tasks.ts). */
  tasks: boolean;
  /** Prepended to the random secret: a non-ASCII one makes the client's submit_answer body carry non-ASCII text. */
  secretPrefix: string;
  /**
   * Before the ping on the sse-ping stream, also send a `notifications/message` (logging is then declared) and a request
   * with a method no client knows (`mcpfs/unknown`), so answering a notification and refusing a request both show.
   */
  chatter: boolean;
}

const BASE: ReferenceScript = {
  sessions: true,
  initDelayMs: 0,
  expireAfterSecret: false,
  secret: 'json',
  needsToken: false,
  retryMs: 1000,
  hangMs: 8_000,
  finishOnDelete: false,
  tasks: false,
  secretPrefix: '',
  chatter: false,
};

/** Scripts by scenario id (`scenarios/2025-11-25/client/<id>.json`). */
export const SCRIPTS: Readonly<Record<string, ReferenceScript>> = {
  'call-tool': { ...BASE, sessions: false, initDelayMs: 1000 },
  'session-expiry': { ...BASE, expireAfterSecret: true, finishOnDelete: true },
  'sse-resume': { ...BASE, secret: 'sse-resume', needsToken: true },
  'task-call': { ...BASE, tasks: true },
  'version-mismatch': { ...BASE, firstVersion: '2030-01-01' },
  'slow-server': { ...BASE, secret: 'sse-hang', initDelayMs: 300 },
  'server-ping': { ...BASE, secret: 'sse-ping', answerVersion: '2025-06-18', secretPrefix: 'ß-', chatter: true },
};

/** Versions this reference server speaks (it answers `initialize` with one of them). */
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
export const LATEST_VERSION = '2025-11-25';

/** Tool list for `tools/list`; the scenario files name the same tools in their prompts. */
export function toolList(script: ReferenceScript): unknown[] {
  const tools: unknown[] = [];
  if (script.needsToken) {
    tools.push({
      name: 'get_token',
      description: 'Returns a token that get_secret needs.',
      inputSchema: { type: 'object', properties: {} },
    });
  }
  tools.push(
    {
      name: 'get_secret',
      description: script.needsToken ? 'Returns the secret; needs the token from get_token.' : 'Returns the secret.',
      inputSchema: script.needsToken
        ? { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] }
        : { type: 'object', properties: {} },
      ...(script.tasks ? { execution: { taskSupport: 'required' } } : {}),
    },
    {
      name: 'submit_answer',
      description: 'Submit the secret returned by get_secret.',
      inputSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
    },
  );
  return tools;
}
