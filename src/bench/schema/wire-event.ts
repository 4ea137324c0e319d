import { z } from 'zod';
import { boundedString, TimestampSchema } from './common.ts';

/** Format tag of a wire log (its first line). `/2`: every line carries its hash-chain field `h`. */
export const WIRE_FORMAT = 'mcpfs.wire/2';

/** Bounds on wire-log fields (far above anything the prober or reference server records; see limits.ts for files). */
export const WIRE_LIMITS = {
  /** Characters of a body's `data` or an SSE event's `data` (the recorder keeps at most 1 MiB per exchange). */
  data: 4 * 1024 * 1024,
  /** Header pairs per request or response. */
  headers: 1000,
  /** Characters of a header name / value (Node's HTTP parser takes at most 16 KiB of headers in all). */
  headerName: 1024,
  headerValue: 65536,
  /** Characters of a request target, SSE id/event, step label, note text, error message or code. */
  path: 65536,
  label: 4096,
  text: 65536,
} as const;

/** A captured body: UTF-8 text when it decodes, else base64; capped, with its true length kept. */
export const BodySchema = z.strictObject({
  /** How `data` is encoded. */
  encoding: z.enum(['utf8', 'base64']),
  /** The first bytes of the body (up to the cap), in `encoding`. */
  data: boundedString(WIRE_LIMITS.data),
  /** True length of the body in bytes, before capping. */
  bytes: z.int().nonnegative(),
  /** Whether `data` holds fewer bytes than `bytes`. */
  truncated: z.boolean(),
});
export type Body = z.infer<typeof BodySchema>;

/** Raw headers in wire order, names as sent (case kept). */
export const HeadersSchema = z
  .array(z.tuple([boundedString(WIRE_LIMITS.headerName), boundedString(WIRE_LIMITS.headerValue)]))
  .max(WIRE_LIMITS.headers, `must hold at most ${WIRE_LIMITS.headers} headers`);
export type Headers = z.infer<typeof HeadersSchema>;

/**
 * Which cap of the harness cut a recording short. Prober (the harness is the HTTP client): `response-bytes`,
 * `response-events` (SSE events of one response), `interim-responses` (1xx before the final response) per exchange;
 * `trial-bytes`, `trial-events` per probe run. Reference (the harness is the HTTP server): `requests`,
 * `request-bytes` (headers and captured bodies recorded), `connections` per trial; `open-connections` at once.
 */
export const TruncationCapSchema = z.enum([
  'response-bytes',
  'response-events',
  'interim-responses',
  'trial-bytes',
  'trial-events',
  'requests',
  'request-bytes',
  'connections',
  'open-connections',
]);
export type TruncationCap = z.infer<typeof TruncationCapSchema>;

/** Milliseconds since the wire log started, from a monotonic clock (at most a week: no trial runs longer). */
const T = z
  .number()
  .nonnegative()
  .max(7 * 24 * 3600 * 1000, 'must be at most a week (604800000 ms)');
/** Exchange index: one HTTP request/response pair, numbered from 0 in log order. */
const X = z.int().nonnegative().max(1_000_000, 'must be at most 1000000');
/** Connection number. */
const CONN = z.int().nonnegative().max(1_000_000, 'must be at most 1000000');

/** First line of every wire log. */
export const WireHeaderSchema = z.strictObject({
  type: z.literal('wire'),
  /** Format tag `mcpfs.wire/2`. */
  format: z.literal(WIRE_FORMAT),
  /** `prober`: the harness was the HTTP client (server role); `reference`: the harness was the HTTP server (client role). */
  perspective: z.enum(['prober', 'reference']),
  /** Wall-clock time at t = 0 (UTC). */
  startedAt: TimestampSchema,
  /** Body cap in bytes that applied. */
  bodyCap: z
    .int()
    .positive()
    .max(64 * 1024 * 1024, 'must be at most 64 MiB'),
});
export type WireHeader = z.infer<typeof WireHeaderSchema>;

/** The flat, tagged events of a wire log, after the header line. */
export const WireEventSchema = z.discriminatedUnion('type', [
  /** A TCP connection opened (`conn` numbers connections from 0). */
  z.strictObject({ type: z.literal('conn-open'), t: T, conn: CONN }),
  /** A TCP connection closed. */
  z.strictObject({ type: z.literal('conn-close'), t: T, conn: CONN }),
  /** An HTTP request (sent by the prober, or received by the reference server). */
  z.strictObject({
    type: z.literal('request'),
    t: T,
    x: X,
    /** Connection the request travelled on, when known. */
    conn: CONN.optional(),
    /** Probe step or reference label that explains why this request exists, e.g. "delete-session". */
    step: boundedString(WIRE_LIMITS.label).optional(),
    method: boundedString(WIRE_LIMITS.label, 1),
    /** Request target (path and query). */
    path: boundedString(WIRE_LIMITS.path),
    headers: HeadersSchema,
    body: BodySchema,
  }),
  /** Response status line and headers. */
  z.strictObject({
    type: z.literal('response'),
    t: T,
    x: X,
    status: z.int().min(100).max(999),
    headers: HeadersSchema,
  }),
  /** A non-SSE response body, complete (or capped). */
  z.strictObject({ type: z.literal('body'), t: T, x: X, body: BodySchema }),
  /** One server-sent event of an SSE response (fields as parsed; `data` lines joined with "\n"). */
  z.strictObject({
    type: z.literal('sse'),
    t: T,
    x: X,
    id: boundedString(WIRE_LIMITS.label).optional(),
    event: boundedString(WIRE_LIMITS.label).optional(),
    data: boundedString(WIRE_LIMITS.data),
    /** `retry:` field in milliseconds, when present. */
    retry: z.int().nonnegative().optional(),
  }),
  /** The response finished: `complete` (peer ended it), `aborted` (harness cut it: cap or scripted), `timeout`. */
  z.strictObject({ type: z.literal('end'), t: T, x: X, reason: z.enum(['complete', 'aborted', 'timeout', 'reset']) }),
  /** A transport error (connection refused, reset, parse error), with the exchange when there is one. */
  z.strictObject({
    type: z.literal('error'),
    t: T,
    x: X.optional(),
    code: boundedString(WIRE_LIMITS.label, 1),
    message: boundedString(WIRE_LIMITS.text),
  }),
  /**
   * The harness reached one of its caps and stopped reading or recording part of what the peer sent: everything before
   * this event is as seen, what came after under the same cap is missing (or was refused). Per exchange when `x` is set.
   */
  z.strictObject({
    type: z.literal('truncated'),
    t: T,
    /** The exchange that was cut, for per-exchange caps. */
    x: X.optional(),
    /** Which cap. */
    cap: TruncationCapSchema,
    /** The cap's value, in its unit (bytes, events, requests, connections). */
    limit: z.int().nonnegative(),
    /** One line for people: what was cut and what that means for the log. */
    text: boundedString(WIRE_LIMITS.text),
  }),
  /** A harness annotation (probe phase, client process exit, …). Never used as evidence of subject behaviour alone. */
  z.strictObject({
    type: z.literal('note'),
    t: T,
    x: X.optional(),
    text: boundedString(WIRE_LIMITS.text),
    data: z.record(boundedString(WIRE_LIMITS.label), z.unknown()).optional(),
  }),
]);
export type WireEvent = z.infer<typeof WireEventSchema>;

/** The hash-chain field of every wire-log line (see `src/bench/derive/wire-chain.ts`). */
export const LineHashSchema = z
  .string({
    error: (i) =>
      i.input === undefined
        ? `missing: every line of a ${WIRE_FORMAT} log carries its hash-chain field "h"`
        : 'must be a string',
  })
  .regex(/^[0-9a-f]{16}$/, 'must be 16 lower-case hex digits');

/** The header line as stored: the header plus `h`, which starts the chain. */
export const WireHeaderLineSchema = WireHeaderSchema.extend({ h: LineHashSchema });

type EventOption = (typeof WireEventSchema.options)[number];
/** An event line as stored: the event plus its chain hash `h`. */
export const WireEventLineSchema = z.discriminatedUnion(
  'type',
  WireEventSchema.options.map((o: EventOption) => o.extend({ h: LineHashSchema })) as unknown as [
    EventOption,
    ...EventOption[],
  ],
);

/** A parsed wire log: the header line plus its events. */
export interface WireLog {
  header: WireHeader;
  events: WireEvent[];
}
