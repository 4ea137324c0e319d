import { isObject } from '../judge/exchanges.ts';
import type { WireLog } from '../schema/wire-event.ts';
import { check, compileSchemas, SchemaCompileError, type CompiledSchemas, type Def } from './compile.ts';
import { wireMessages, type WireMessage } from './messages.ts';
import {
  SCHEMA_LIMITS,
  skippedReport,
  type MessageLocation,
  type PinnedSchemas,
  type SchemaError,
  type SchemaFinding,
  type SchemaNote,
  type Sender,
  type TrialSchemaReport,
} from './types.ts';

/** A request seen on the wire, for pairing responses with it. */
interface Sent {
  x: number;
  sender: Sender;
  id: string;
  method: string;
  /** Its definition (undefined = unknown method). */
  def?: Def;
  /**
   * `params.task` was an object: a 2025-11-25 task-augmented request, answered with a CreateTaskResult (`required`),
   * or, sent to a party that declared no `tasks` capability, with a CreateTaskResult or the plain result (`either`).
   */
  task: 'required' | 'either' | false;
}

type Loc = MessageLocation & { step?: string };

/**
 * Requests whose params extend `TaskAugmentedRequestParams` in the 2025-11-25 schema: only these can be task-augmented.
 * A `task` member on any other request is metadata the receiver ignores (251125-tasks-392), so its ordinary result
 * definition still applies.
 */
const TASK_AUGMENTABLE = new Set(['tools/call', 'sampling/createMessage', 'elicitation/create']);

/** Collects findings and notes under the caps. */
class Sink {
  readonly findings: SchemaFinding[] = [];
  readonly notes: SchemaNote[] = [];
  moreFindings = 0;
  moreNotes = 0;
  finding(loc: Loc, method: string | undefined, def: string, at: string, errors: SchemaError[]): void {
    if (errors.length === 0) return;
    if (this.findings.length >= SCHEMA_LIMITS.findingsPerTrial) {
      this.moreFindings++;
      return;
    }
    const kept = errors.slice(0, SCHEMA_LIMITS.errorsPerMessage);
    this.findings.push({
      ...loc,
      ...(method !== undefined ? { method } : {}),
      def,
      at,
      errors: kept,
      moreErrors: errors.length - kept.length,
    });
  }
  note(loc: Loc, method: string | undefined, text: string): void {
    if (this.notes.length >= SCHEMA_LIMITS.notesPerTrial) {
      this.moreNotes++;
      return;
    }
    this.notes.push({ ...loc, ...(method !== undefined ? { method } : {}), text });
  }
}

const under = (pointer: string, at: string) => pointer === at || pointer.startsWith(`${at}/`);
const showId = (id: string) => (id.length > 60 ? `${id.slice(0, 59)}…` : id);

/** Requests seen so far, by id (JSON text), in wire order. */
type SentById = Map<string, Sent[]>;

/** The request a response answers: the same id on the same exchange first, else the latest earlier one from the peer. */
function answered(sent: SentById, m: Loc, id: string): Sent | undefined {
  const peer = (sent.get(id) ?? []).filter((s) => s.sender !== m.sender);
  return peer.find((s) => s.x === m.x) ?? peer.at(-1);
}

/**
 * Parties whose InitializeResult declared no `tasks` capability: they process a task-augmented request normally
 * (251125-tasks-392), so its answer may be the plain result; one that creates a task anyway is checked as one.
 */
type NoTasks = Set<Loc['sender']>;

function validateOne(c: CompiledSchemas, m: Loc, value: unknown, sent: SentById, sink: Sink, noTasks: NoTasks): void {
  const env = c.envelope;
  const whole = (d: Def | undefined, method?: string) => d && sink.finding(m, method, d.name, '', check(d, value, ''));
  if (!isObject(value) || (typeof value.method !== 'string' && 'method' in value)) {
    whole(env.JSONRPCMessage);
    return;
  }
  const method = typeof value.method === 'string' ? value.method : undefined;
  if (method !== undefined) {
    const isRequest = 'id' in value;
    const d = (isRequest ? c.requests : c.notifications).get(method);
    if (isRequest) {
      const id = JSON.stringify(value.id);
      const list = sent.get(id) ?? [];
      list.push({
        x: m.x,
        sender: m.sender,
        id,
        method,
        ...(d ? { def: d } : {}),
        task:
          TASK_AUGMENTABLE.has(method) && isObject(value.params) && isObject(value.params.task)
            ? noTasks.has(m.sender === 'harness' ? 'subject' : 'harness')
              ? 'either'
              : 'required'
            : false,
      });
      sent.set(id, list);
    }
    if (d) return void whole(d, method);
    const other = (isRequest ? c.notifications : c.requests).has(method);
    sink.note(
      m,
      method,
      other
        ? `"${method}" is a ${isRequest ? 'notification' : 'request'} in this revision's schema, but the message ${isRequest ? 'carries' : 'lacks'} an id: envelope only`
        : `unknown ${isRequest ? 'request' : 'notification'} method "${method}" in this revision's schema: envelope only`,
    );
    return void whole(isRequest ? env.JSONRPCRequest : env.JSONRPCNotification, method);
  }
  const id = 'id' in value ? JSON.stringify(value.id) : undefined;
  const req = id === undefined ? undefined : answered(sent, m, id);
  if ('error' in value) {
    const code = isObject(value.error) ? value.error.code : undefined;
    const specific = typeof code === 'number' ? c.errors.get(code) : undefined;
    if (specific?.at === '') return void whole(specific.def, req?.method);
    const envErrors = env.JSONRPCErrorResponse ? check(env.JSONRPCErrorResponse, value, '') : [];
    if (specific) {
      sink.finding(
        m,
        req?.method,
        env.JSONRPCErrorResponse?.name ?? 'JSONRPCErrorResponse',
        '',
        envErrors.filter((e) => !under(e.pointer, '/error')),
      );
      sink.finding(m, req?.method, specific.def.name, '/error', check(specific.def, value.error, '/error'));
    } else sink.finding(m, req?.method, env.JSONRPCErrorResponse?.name ?? 'JSONRPCErrorResponse', '', envErrors);
    return;
  }
  if (!('result' in value)) {
    whole(env.JSONRPCMessage);
    return;
  }
  if (req?.method === 'initialize' && isObject(value.result) && isObject(value.result.capabilities)) {
    if ('tasks' in value.result.capabilities) noTasks.delete(m.sender);
    else noTasks.add(m.sender);
  }
  const resultType = isObject(value.result) ? value.result.resultType : undefined;
  const spec = req?.def ? c.results.get(req.def.name) : undefined;
  let def: Def | undefined;
  // 2025-11-25: a request with params.task is answered with a CreateTaskResult. 2026-07-28: resultType names the
  // variant; input_required only where the request's ResultResponse allows it, task only for core requests.
  const created =
    req?.task === 'required' || (req?.task === 'either' && isObject(value.result) && 'task' in value.result);
  if (created && c.createTask) def = c.createTask;
  else if (resultType === 'input_required' && spec?.inputRequired) def = spec.inputRequired;
  else if (resultType === 'task' && spec?.core && c.createTask) def = c.createTask;
  else def = spec?.result;
  if (!req)
    sink.note(
      m,
      undefined,
      id === undefined
        ? 'result without an id: envelope only'
        : `answers no request seen with id ${showId(id)}: envelope only`,
    );
  else if (!req.def) sink.note(m, req.method, `result of unknown method "${req.method}": envelope only`);
  const envErrors = env.JSONRPCResultResponse ? check(env.JSONRPCResultResponse, value, '') : [];
  sink.finding(
    m,
    req?.method,
    env.JSONRPCResultResponse?.name ?? 'JSONRPCResultResponse',
    '',
    def ? envErrors.filter((e) => !under(e.pointer, '/result')) : envErrors,
  );
  if (def) sink.finding(m, req?.method, def.name, '/result', check(def, value.result, '/result'));
}

const notJson = (m: WireMessage & { kind: 'not-json' }): SchemaError[] => [
  { pointer: '', keyword: 'json', message: `not JSON: ${m.error.slice(0, 200)}` },
];

/**
 * Validate every JSON-RPC message of a wire log against a revision's pinned schema, method-aware: a request or
 * notification against the definition whose `method` const is its method; a response against the result definition
 * of the request it answers (paired by id: the request on the same exchange, else the peer's latest earlier request
 * with that id, e.g. a server request on an SSE stream answered in a later POST), with 2026 `resultType` variants
 * (`input_required`, `task`) and 2025 task-augmented calls (`params.task`) resolved to their own definitions; error
 * responses against JSONRPCErrorResponse (and a code's own definition when the schema has one); always the envelope.
 * Pure, bounded (see SCHEMA_LIMITS) and total: hostile input becomes findings or notes, never an exception.
 */
export function validateWireLog(pinned: PinnedSchemas, log: WireLog): TrialSchemaReport {
  const compiled = compileSchemas(pinned);
  if (compiled instanceof SchemaCompileError) return skippedReport(compiled.message);
  const sink = new Sink();
  const sent: SentById = new Map();
  const noTasks: NoTasks = new Set();
  let messages = 0;
  let over = 0;
  const steps = new Set<string>();
  for (const m of wireMessages(log)) {
    if (messages >= SCHEMA_LIMITS.messagesPerTrial) {
      over++;
      continue;
    }
    messages++;
    if (m.step !== undefined) steps.add(m.step);
    if (m.kind === 'skipped') sink.note(strip(m), undefined, m.why);
    else if (m.kind === 'not-json') sink.finding(strip(m), undefined, 'JSONRPCMessage', '', notJson(m));
    else validateOne(compiled, strip(m), m.value, sent, sink, noTasks);
  }
  if (over)
    sink.note(
      { x: 0, where: 'request', sender: 'harness' },
      undefined,
      `${over} more messages over the ${SCHEMA_LIMITS.messagesPerTrial}-message cap: not validated`,
    );
  return {
    status: 'checked',
    messages,
    steps: [...steps].sort(),
    findings: sink.findings,
    notes: sink.notes,
    moreFindings: sink.moreFindings,
    moreNotes: sink.moreNotes,
  };
}

/** Keep only the location fields of a wire message. */
function strip(m: WireMessage): Loc {
  const { x, where, sse, batch, sender, step } = m;
  return {
    x,
    where,
    ...(sse !== undefined ? { sse } : {}),
    ...(batch !== undefined ? { batch } : {}),
    sender,
    ...(step !== undefined ? { step } : {}),
  };
}
