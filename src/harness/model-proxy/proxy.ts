import {
  request as httpRequest,
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  MODEL_APIS,
  MODEL_TRAFFIC_FORMAT,
  type ModelBudget,
  type ModelExchange,
  type ModelTrafficEnd,
  type ModelTrafficHeader,
} from '../../bench/schema/model-traffic.ts';
import type { ModelPrice } from '../../bench/schema/prices.ts';
import {
  addTotals,
  exchangeTotals,
  exhausted,
  NO_TRAFFIC,
  withCost,
  type TrafficTotals,
} from '../../bench/model-traffic/usage.ts';
import {
  downstreamHeaders,
  errorBody,
  familyOf,
  presentedKey,
  route,
  upstreamHeaders,
  withoutKey,
  type Family,
} from './routes.ts';

/** Where one provider family goes: an origin (`https://api.anthropic.com`, or the scripted model's) and its key. */
export interface Upstream {
  origin: string;
  /** The real key, added by the proxy; absent for the scripted model. */
  key?: string;
}

export interface ModelProxyOptions {
  /** Per family; a family without one is refused (`no-upstream`). */
  upstreams: Partial<Record<Family, Upstream>>;
  /** The per-trial dummy key every request must present. */
  key: string;
  budget?: ModelBudget;
  /** The model's list prices (cost figures and the cost budget need them). */
  price?: ModelPrice;
  /** Called once, when a budget limit is reached: the runner ends the session there. */
  onExhausted?(end: ModelTrafficEnd): void;
  /** Per-body cap in the record (default 8 MiB); the exchange itself always passes whole. */
  maxRecordedBytes?: number;
}

export interface ModelProxy {
  port: number;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every exchange so far, in arrival order (a finished one is final). */
  exchanges: ModelExchange[];
  totals(): TrafficTotals;
  /** Set once a budget limit is reached. */
  end?: ModelTrafficEnd;
  /** The sidecar: header line, one line per exchange, the end line when the budget ended the session. */
  sidecar(): string;
  /** Stop accepting, cut open exchanges (recorded as such), close. */
  close(): Promise<void>;
}

const LIMIT = 8 * 1024 * 1024;

/**
 * The trial's model-API proxy on 127.0.0.1: the sandbox reaches it through a relay and presents a dummy key; the
 * proxy checks that key, drops every credential header, adds the real key, forwards to the provider (or the scripted
 * model), streams the answer back unchanged and records both bodies. Usage and the budget are read from the
 * provider's responses (the codecs), never from the harness.
 */
export function startModelProxy(o: ModelProxyOptions): Promise<ModelProxy> {
  const t0 = performance.now();
  const cap = o.maxRecordedBytes ?? LIMIT;
  const exchanges: ModelExchange[] = [];
  const open = new Set<() => void>();
  let end: ModelTrafficEnd | undefined;
  // The finished exchanges' sum, kept as each ends (re-reading every body on every request would grow as n²), and
  // the requests forwarded so far, the open ones included.
  let done: TrafficTotals = NO_TRAFFIC;
  let forwarded = 0;
  const totals = () => withCost(done, o.price);
  const header: ModelTrafficHeader = {
    format: MODEL_TRAFFIC_FORMAT,
    upstreams: Object.fromEntries(
      MODEL_APIS.flatMap((api) => {
        const u = o.upstreams[familyOf(api)];
        return u ? [[api, u.origin]] : [];
      }),
    ),
    ...(o.budget ? { budget: o.budget } : {}),
  };

  const checkBudget = () => {
    if (end) return;
    const t = totals();
    const which = exhausted(t, o.budget);
    if (!which) return;
    const spent =
      which === 'requests'
        ? `${t.requests} requests`
        : which === 'tokens'
          ? `${t.input + t.output + t.cacheRead + t.cacheWrite} tokens`
          : `US$${(t.costUsd ?? 0).toFixed(4)}`;
    end = {
      end: true,
      budgetExhausted: which,
      detail: `budget ${which} = ${o.budget![which]} reached: ${spent} spent`,
    };
    o.onExhausted?.(end);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const started = performance.now();
    const path = req.url ?? '/';
    const r = route(path);
    const x: ModelExchange = {
      n: exchanges.length + 1,
      api: r?.api ?? 'openai-responses',
      method: req.method ?? 'GET',
      path: withoutKey(path).slice(0, 2000) || '/',
      t: Math.round(started - t0),
      durationMs: 0,
      request: clip(body, cap),
      response: '',
      ...(body.length > cap ? { truncated: true } : {}),
    };
    exchanges.push(x);
    const refuse = (status: number, why: NonNullable<ModelExchange['refused']>, message: string) => {
      const text = errorBody(r?.family ?? 'openai', status, message);
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      Object.assign(x, { status, refused: why, response: text, durationMs: Math.round(performance.now() - started) });
    };
    if (!r) return refuse(404, 'no-upstream', `mcpfs model proxy: no provider at ${x.path}`);
    if (presentedKey(r.family, req.headers, path) !== o.key)
      return refuse(401, 'unauthorized', 'mcpfs model proxy: this trial’s key is required');
    const up = o.upstreams[r.family];
    if (!up) return refuse(404, 'no-upstream', `mcpfs model proxy: no ${r.family} upstream in this trial`);
    if (end) return refuse(400, 'budget', `mcpfs model proxy: ${end.detail}; the session is over`);
    // A request limit is spent by forwarding: refuse the one past it before it costs anything.
    if (o.budget?.requests !== undefined && forwarded >= o.budget.requests) {
      checkBudget();
      return refuse(
        400,
        'budget',
        `mcpfs model proxy: ${(end as ModelTrafficEnd | undefined)?.detail ?? 'budget reached'}; the session is over`,
      );
    }

    forwarded++;
    const target = new URL(up.origin.replace(/\/$/, '') + withoutKey(r.rest, ''));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error?: string) => {
      if (finished) return;
      finished = true;
      open.delete(abort);
      const all = Buffer.concat(chunks);
      x.response = clip(all, cap);
      if (size > cap) x.truncated = true;
      x.durationMs = Math.round(performance.now() - started);
      if (error) x.error = error.slice(0, 500);
      done = addTotals(done, exchangeTotals(x));
      checkBudget();
    };
    const upstream = send(target, {
      method: req.method,
      headers: upstreamHeaders(r.family, req.headers, up.key, body.length),
    });
    const abort = () => {
      upstream.destroy();
      finish('cut: the proxy closed while the exchange was open');
      res.destroy();
    };
    open.add(abort);
    upstream.on('response', (ur) => {
      x.status = ur.statusCode;
      if (ur.headers['content-type']) x.responseType = String(ur.headers['content-type']).slice(0, 200);
      res.writeHead(ur.statusCode ?? 502, downstreamHeaders(ur.headers));
      ur.on('data', (b: Buffer) => {
        if (x.firstByteMs === undefined) x.firstByteMs = Math.round(performance.now() - started);
        if (size <= cap) chunks.push(b);
        size += b.length;
        res.write(b);
      });
      ur.on('end', () => {
        finish();
        res.end();
      });
      ur.on('error', (e) => {
        finish(`upstream response failed: ${e.message}`);
        res.destroy();
      });
    });
    upstream.on('error', (e) => {
      finish(`upstream request failed: ${req.method} ${target.origin}${target.pathname}: ${e.message}`);
      if (!res.headersSent)
        res
          .writeHead(502, { 'content-type': 'application/json' })
          .end(errorBody(r.family, 502, `mcpfs model proxy: the provider could not be reached: ${e.message}`));
      else res.destroy();
    });
    // The harness hung up: stop paying for an answer nobody reads.
    res.on('close', () => {
      if (!finished) {
        upstream.destroy();
        finish('the harness closed the connection before the response ended');
      }
    });
    upstream.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (b: Buffer) => chunks.push(b));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        port,
        origin: `http://127.0.0.1:${port}`,
        exchanges,
        totals,
        get end() {
          return end;
        },
        sidecar: () => [header, ...exchanges, ...(end ? [end] : [])].map((l) => JSON.stringify(l)).join('\n') + '\n',
        close: () =>
          new Promise<void>((r) => {
            for (const a of [...open]) a();
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

/** A body as recorded: UTF-8 text, cut at the cap. */
function clip(b: Buffer, cap: number): string {
  return (b.length > cap ? b.subarray(0, cap) : b).toString('utf8');
}
