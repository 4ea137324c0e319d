import { parseJsonBounded } from '../../../bench/judge/bounded-json.ts';
import { randomBytes } from 'node:crypto';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import { TASKS_EXT } from '../../../bench/plans/2026-07-28/server-steps.ts';
import { WireRecorder } from '../../wire/recorder.ts';
import {
  ENDPOINT,
  finishLatch,
  serveReference,
  UnknownScenarioError,
  type RunningReference,
} from '../common/lifecycle.ts';
import { type RecordedRequest } from '../../wire/server.ts';
import { readableId } from '../common/readable-id.ts';
import { SCRIPTS, SUPPORTED_VERSIONS } from './scripts.ts';
import { createTask, taskRequest } from './tasks.ts';
import { addNetworkRef, complete, toolCall, type ToolState } from './tools.ts';
import { isObj, rpcError, validateRequest } from './validate.ts';

export { ENDPOINT, UnknownScenarioError, type RunningReference };

/**
 * CacheableResult fields of server/discover and tools/list (required by the 2026-07-28 schema). The scenario's tools
 * and capabilities are the same for every client and carry no per-trial data (the secret and token only appear in
 * tool results), so "public"; a short TTL since each trial starts a fresh server.
 */
const CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const;

/**
 * Start the scripted 2026-07-28 Streamable HTTP reference server for one client-role trial: stateless, POST only,
 * strict where the spec makes a server strict (header/body validation, `_meta`, versions), records everything.
 */
export async function startReference2026(scenario: Scenario): Promise<RunningReference> {
  const script = SCRIPTS[scenario.id];
  if (!script)
    throw new UnknownScenarioError('2026-07-28', scenario.id, Object.keys(SCRIPTS), 'client reference script');
  const rec = new WireRecorder('reference');
  const { finished, markFinished } = finishLatch();
  const state: ToolState = {
    script,
    secret: randomBytes(9).toString('base64url'),
    token: randomBytes(9).toString('base64url'),
    tools: [...scenario.tools],
    schemas: new Map(scenario.tools.map((t) => [t.name, t.inputSchema])),
    decoy: randomBytes(9).toString('base64url'),
    drifted: false,
    unknownSent: false,
    issued: new Set(),
    answered: false,
    tasks: new Map(),
  };
  const ref = await serveReference(rec, scenario.id, finished, (req) =>
    handle(state, req, () => {
      if (state.answered) return;
      state.answered = true;
      setTimeout(markFinished, 300);
    }),
  );
  // The origin is known only once listening; no client has the URL before this returns.
  if (script.networkRef) addNetworkRef(state, new URL(ref.url).origin, script.networkRef);
  return ref;
}

async function handle(s: ToolState, req: RecordedRequest, accepted: () => void): Promise<void> {
  if (req.path.split('?')[0] !== ENDPOINT) {
    req.label('not-endpoint');
    // A readable request refused at the wrong path still gets its id back (the strict reading of 260728-basic-103).
    const msg = req.method === 'POST' ? parseJsonBounded(req.body.toString('utf8')) : undefined;
    return req.json(404, rpcError(readableId(msg), -32600, `Not Found: the MCP endpoint is ${ENDPOINT}`));
  }
  if (req.method !== 'POST') {
    // No GET stream and no DELETE in 2026-07-28 (streamable-http.mdx, backward compatibility: 405).
    req.label('method-not-allowed');
    return req.empty(405, { Allow: 'POST' });
  }
  // Not JSON, or nested deeper than the harness reads (validating it would recurse without bound).
  const msg = parseJsonBounded(req.body.toString('utf8'));
  if (msg === undefined) {
    req.label('parse-error');
    return req.json(400, rpcError(null, -32700, 'Parse error'));
  }
  if (!isObj(msg) || typeof msg.method !== 'string') {
    req.label(Array.isArray(msg) ? 'batch-rejected' : isObj(msg) ? 'client-response-rejected' : 'invalid-message');
    return req.json(
      400,
      rpcError(null, -32600, 'Invalid Request: the body must be a single JSON-RPC request or notification'),
    );
  }
  if (!('id' in msg)) {
    req.label(`notification ${msg.method}`);
    return req.empty(202);
  }
  const request = msg as Record<string, unknown> & { method: string };
  const bad = validateRequest(req, request);
  if (bad) {
    req.label(bad.label);
    return req.json(bad.status, bad.body);
  }
  const id = request.id;
  const params = isObj(request.params) ? request.params : {};
  switch (request.method) {
    case 'server/discover':
      req.label('discover');
      return req.json(
        200,
        complete(id, {
          supportedVersions: [...SUPPORTED_VERSIONS],
          capabilities: s.script.tasks ? { tools: {}, extensions: { [TASKS_EXT]: {} } } : { tools: {} },
          ...CACHE,
        }),
      );
    case 'tools/list':
      req.label('tools/list');
      if (s.script.listDelayMs > 0) await new Promise((r) => setTimeout(r, s.script.listDelayMs));
      return req.json(200, complete(id, { tools: s.tools, ...CACHE }));
    case 'tools/call':
      if (s.script.tasks && params.name === 'get_secret') {
        req.label('tools/call get_secret');
        return createTask(s.tasks, req, id, params, { content: [{ type: 'text', text: s.secret }] });
      }
      if (await toolCall(s, req, id, params)) accepted();
      return;
    default:
      if (s.script.tasks && taskRequest(s.tasks, req, id, request.method, params)) return;
      req.label('method-not-found');
      return req.json(404, rpcError(id, -32601, `Method not found: ${request.method}`));
  }
}
