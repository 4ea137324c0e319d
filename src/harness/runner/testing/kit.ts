// Test-only drivers, scenarios and judges for runner tests: a tiny HTTP "oracle" stands in for the real role
// drivers, so the runner is tested on its own. Nothing here is used by the benchmark itself.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { fail, pass, type JudgeRegistry } from '../../../bench/judge/types.ts';
import { bodyText } from '../../../bench/judge/exchanges.ts';
import type { Role } from '../../../bench/schema/common.ts';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import { PRIMARY_SOURCE } from '../../../bench/spec/revisions.ts';
import type { ClientRoleDriver, ServerRoleDriver } from '../../roles/types.ts';
import { pairs, WireRecorder } from '../../wire/recorder.ts';

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
/** The commit trial records name: the manifest's, so a test never restates it. */
export const SPEC_COMMIT = PRIMARY_SOURCE.commit;

export function kitScenario(role: Role): Scenario {
  const slug = role === 'server' ? 'ping-answers-pong' : 'ping-client-says-bye';
  return {
    id: `kit-${role}`,
    revision: '2025-11-25',
    role,
    title: 'Runner test scenario',
    grade: 1,
    summary: 'Test-only scenario for the trial runner.',
    prompt:
      role === 'server'
        ? '# Task\nAnswer POST /mcp on $PORT with {"pong":true}.\n'
        : '# Task\nPOST "ping" then "bye" to $MCP_SERVER_URL.\n',
    requires: [],
    leakAllowed: [],
    tools: [],
    checkpoints: [{ slug, kind: 'task', level: 'MUST', spec: null, rule: 'test rule' }],
  };
}

/** Judges: server — some exchange got 200 with "pong"; client — the reference server received "bye". */
export const KIT_JUDGES: JudgeRegistry = {
  '2025-11-25': {
    server: {
      'ping-answers-pong': ({ exchanges }) => {
        const ok = exchanges.find(
          (x) => x.response?.status === 200 && (x.body ? bodyText(x.body) : '').includes('pong'),
        );
        return ok ? pass('Got 200 with pong', [ok.x]) : fail('Expected 200 with pong, got none');
      },
    },
    client: {
      'ping-client-says-bye': ({ exchanges }) => {
        const bye = exchanges.find((x) => bodyText(x.request.body) === 'bye');
        return bye ? pass('Client said bye', [bye.x]) : fail('Expected a "bye" request, got none');
      },
    },
  },
};

/** Server-role driver: the ping server as oracle, `broken` as its one mutant; the probe POSTs once and records. */
export const kitServerDriver: ServerRoleDriver = {
  revision: '2025-11-25',
  role: 'server',
  path: '/mcp',
  oracleCommand: (_s, mutant) => ({
    cmd: process.execPath,
    args: [here('./ping-server.ts'), ...(mutant ? [mutant] : [])],
  }),
  mutants: [{ id: 'broken', description: 'answers 500', scenarios: ['kit-server'] }],
  schemaInvalidSteps: {},
  probe: (_s, url) => probeOnce(url),
};

function probeOnce(url: string): Promise<WireLog> {
  const rec = new WireRecorder('prober');
  const x = rec.exchange();
  const body = Buffer.from('ping');
  const u = new URL(url);
  rec.push({ type: 'request', x, method: 'POST', path: u.pathname, headers: [['Host', u.host]], body: rec.body(body) });
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', timeout: 5000 }, (res) => {
      rec.push({ type: 'response', x, status: res.statusCode ?? 0, headers: pairs(res.rawHeaders) });
      collect(res).then(
        (b) => {
          rec.push({ type: 'body', x, body: rec.body(b) });
          rec.push({ type: 'end', x, reason: 'complete' });
          resolve(rec.log());
        },
        (e: NodeJS.ErrnoException) => {
          rec.push({ type: 'error', x, code: e.code ?? 'ERROR', message: e.message });
          resolve(rec.log());
        },
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      rec.push({ type: 'error', x, code: e.code ?? 'ERROR', message: e.message });
      resolve(rec.log());
    });
    req.end(body);
  });
}

function collect(m: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  return new Promise((r) => {
    m.on('data', (b: Buffer) => parts.push(b));
    m.on('end', () => r(Buffer.concat(parts)));
  });
}

/** Client-role driver: a recording reference server that finishes on "bye"; the ping client as oracle. */
export function kitClientDriver(opts: { failStart?: boolean } = {}): ClientRoleDriver {
  return {
    revision: '2025-11-25',
    role: 'client',
    oracleCommand: (_s, mutant) => ({
      cmd: process.execPath,
      args: [here('./ping-client.ts'), ...(mutant ? [mutant] : [])],
    }),
    mutants: [{ id: 'mute', description: 'never says bye', scenarios: ['kit-client'] }],
    startReference: async () => {
      if (opts.failStart) throw new Error('listen EACCES 127.0.0.1');
      const rec = new WireRecorder('reference');
      let done!: () => void;
      const finished = new Promise<void>((r) => (done = r));
      // node:http ignores a handler's promise: a rejection is turned into a torn connection, not an unhandled one.
      const server = createServer(
        (req, res) => void handle(req, res).catch((e: unknown) => res.destroy(e instanceof Error ? e : undefined)),
      );
      async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
        const x = rec.exchange();
        const b = await collect(req);
        rec.push({
          type: 'request',
          x,
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          headers: pairs(req.rawHeaders),
          body: rec.body(b),
        });
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
        rec.push({ type: 'response', x, status: 200, headers: [['content-type', 'text/plain']] });
        if (b.toString() === 'bye') done();
      }
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as { port: number }).port;
      let stopped: Promise<WireLog> | undefined;
      return {
        url: `http://127.0.0.1:${port}/mcp`,
        env: {},
        finished,
        stop: () =>
          (stopped ??= new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r(rec.log()));
          })),
      };
    },
  };
}

/** The trial options every runner test shares: docs none, k 1, this project, no spec text, the kit's judges. */
export const KIT_TRIAL = {
  docs: 'none',
  k: 1,
  root: process.cwd(),
  specDir: '/nonexistent',
  specCommit: SPEC_COMMIT,
  judges: KIT_JUDGES,
} as const;
