import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { formatSse } from '../../../wire/sse.ts';
import type { MutantId } from './mutants.ts';
import { TaskStore } from './tasks.ts';

/** One SSE event the server sent, kept for resumption. */
interface StoredEvent {
  id: string;
  stream: string;
  /** Session-wide order. */
  seq: number;
  data: string;
}

/** An SSE stream of a session: where its events go now, and whether its response was sent. */
export interface Stream {
  key: string;
  sink?: ServerResponse;
  done: boolean;
  /** Per-stream counter (only the duplicate-event-ids mutant uses it for ids). */
  n: number;
  /** Polled (poll-resume's slow_countdown and the GET streams of its session): each connection closes after ~1 s. */
  poll: boolean;
  /** A standalone GET stream (not a request's). */
  standalone: boolean;
}

/**
 * A session: its counter, its SSE streams and the events they carried. Event ids are `<stream>-<seq>` with a
 * session-wide sequence, so they are unique across the session's streams and name their stream (…-171, …-174).
 */
export class Session {
  readonly id: string;
  counter = 0;
  terminated = false;
  /** Whether the client's `notifications/initialized` arrived (the early-roots-request mutant asks before it). */
  initialized = false;
  /** The progress token of the session's first countdown (only the cross-progress mutant uses it). */
  firstToken: unknown;
  private readonly mutant?: MutantId;
  private seq = 0;
  private nextStream = 0;
  private readonly events: StoredEvent[] = [];
  readonly getSinks = new Set<ServerResponse>();
  readonly streams = new Map<string, Stream>();
  readonly tasks: TaskStore;
  /** Cancel switches of the calls in flight that a `notifications/cancelled` may stop, by JSON-encoded request id. */
  readonly inflight = new Map<string, () => void>();
  /** Whether the session ran a polled call: from then on its standalone GET streams are polled too. */
  polling = false;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
    // Task status changes go to the session's GET streams, the one channel not tied to a request (…-477).
    this.tasks = new TaskStore(mutant, (task) => {
      const data = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: task });
      for (const g of this.getSinks) g.write(formatSse({ data }));
    });
    this.id =
      mutant === 'session-id-with-space'
        ? `mcp ${randomUUID()}`
        : mutant === 'fixed-session-id'
          ? 'session-1'
          : randomUUID();
  }

  openStream(sink: ServerResponse, poll = false, standalone = false): Stream {
    const st: Stream = { key: `s${++this.nextStream}`, sink, done: false, n: 0, poll, standalone };
    this.streams.set(st.key, st);
    return st;
  }

  /** Send one event on a stream (stored for replay); `data` '' makes a priming event; `retry` adds that field. */
  emit(stream: Stream, data: string, retry?: number): void {
    stream.n += 1;
    const id = this.mutant === 'duplicate-event-ids' ? `e${stream.n}` : `${stream.key}-${++this.seq}`;
    this.events.push({ id, stream: stream.key, seq: this.events.length, data });
    const r = retry === undefined ? {} : { retry };
    stream.sink?.write(formatSse(this.mutant === 'no-event-ids' ? { data, ...r } : { id, data, ...r }));
    if (this.mutant === 'broadcast' && data !== '') for (const g of this.getSinks) g.write(formatSse({ data }));
  }

  /** Events to replay after `lastId`: only that event's stream (the replay-across-streams mutant: any stream). */
  replayAfter(lastId: string): { stream: string; events: { id: string; data: string }[] } | undefined {
    const at = this.events.find((e) => e.id === lastId);
    if (!at) return undefined;
    // replay-from-start: everything the stream carried, as if the id named its start.
    const from = this.mutant === 'replay-from-start' ? -1 : at.seq;
    const later = this.events.filter((e) => e.seq > from && e.data !== '');
    const events = this.mutant === 'replay-across-streams' ? later : later.filter((e) => e.stream === at.stream);
    return { stream: at.stream, events: events.map(({ id, data }) => ({ id, data })) };
  }
}

/** All sessions of one server, by id. */
export class Sessions {
  private readonly byId = new Map<string, Session>();
  private readonly mutant?: MutantId;
  /** The shared-counter mutant's single counter. */
  shared = 0;
  private single?: Session;

  constructor(mutant?: MutantId) {
    this.mutant = mutant;
  }

  create(): Session {
    const s = new Session(this.mutant);
    this.byId.set(s.id, s);
    return s;
  }

  get(id: string): Session | undefined {
    return this.byId.get(id);
  }

  /** The one session of the no-session mutant, which issues no session ids: every request belongs to it. */
  sessionless(): Session {
    this.single ??= new Session(this.mutant);
    return this.single;
  }
}
