import { McpfsError } from '../errors.ts';
import Ajv2020Module from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isObject } from '../judge/exchanges.ts';
import { SCHEMA_LIMITS, type PinnedSchemas, type SchemaError } from './types.ts';

// Both packages are CommonJS whose module.exports carries the class/plugin as `.default` too; under NodeNext the
// default import is module.exports, so `.default` is the typed value at runtime and for tsc alike.
const Ajv2020 = Ajv2020Module.default;
const addFormats = formatsModule.default;

/** A definition of a pinned schema, ready to validate with. */
export interface Def {
  /** Display name: `ListToolsResult`, or `<label>:<name>` for an extension's definition. */
  name: string;
  /** The definition itself (read for indexing only). */
  schema: Record<string, unknown>;
  /** Compiles on first use (Ajv caches it). */
  validator: () => ValidateFunction;
}

/** The result definitions of one request definition. */
export interface ResultSpec {
  /** `<Stem>Result` (or `EmptyResult` when the schema has no own result, e.g. ping). */
  result: Def;
  /**
   * `InputRequiredResult`, when the request's `<Stem>ResultResponse` lists it beside the result (2026-07-28:
   * tools/call, prompts/get, resources/read): only then may the request be answered with `resultType: "input_required"`.
   */
  inputRequired?: Def;
  /** Defined in the main schema: a core request an extension may task-augment (extension methods answer for themselves). */
  core: boolean;
}

/** One revision's schemas, compiled and indexed for method-aware validation. */
export interface CompiledSchemas {
  /** Request definitions by JSON-RPC method (`tools/list` → ListToolsRequest). */
  requests: ReadonlyMap<string, Def>;
  /** Notification definitions by method. */
  notifications: ReadonlyMap<string, Def>;
  /** What answers each request definition (by its display name): its result, and the variants the schema allows. */
  results: ReadonlyMap<string, ResultSpec>;
  /** Error definitions by error code: `response` ones describe the whole message, `error` ones the `error` member. */
  errors: ReadonlyMap<number, { def: Def; at: '' | '/error' }>;
  /** Generic JSON-RPC definitions of the main schema (absent ones are not checked). */
  envelope: Partial<
    Record<
      'JSONRPCMessage' | 'JSONRPCRequest' | 'JSONRPCNotification' | 'JSONRPCResultResponse' | 'JSONRPCErrorResponse',
      Def
    >
  >;
  /** `CreateTaskResult` (task-augmented calls), from the main schema or an extension. */
  createTask?: Def;
}

/** The pinned schema could not be used (not an object, no `$defs`, Ajv refused it). */
export class SchemaCompileError extends McpfsError {
  constructor(message: string) {
    super(message);
  }
}

const cache = new WeakMap<PinnedSchemas, CompiledSchemas | SchemaCompileError>();

/** Compile (once per input object: cached by identity) and index a revision's pinned schemas. Never throws. */
export function compileSchemas(pinned: PinnedSchemas): CompiledSchemas | SchemaCompileError {
  const hit = cache.get(pinned);
  if (hit) return hit;
  let out: CompiledSchemas | SchemaCompileError;
  try {
    out = build(pinned);
  } catch (e) {
    out = new SchemaCompileError(`pinned schema unusable: ${(e as Error).message}`);
  }
  cache.set(pinned, out);
  return out;
}

interface Source {
  id: string;
  prefix: string;
  defs: Record<string, Record<string, unknown>>;
}

function build(pinned: PinnedSchemas): CompiledSchemas {
  // allErrors: every violation of a message, not only the first (the caps bound the output). strict off: the pinned
  // schema is data from upstream; a keyword Ajv does not know must not make the whole check unusable.
  // logger off: the core writes nothing anywhere (Ajv would warn on the console about ignored keywords).
  const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false });
  addFormats(ajv);
  const sources: Source[] = [];
  const add = (schema: unknown, fallbackId: string, prefix: string) => {
    if (!isObject(schema) || !isObject(schema.$defs))
      throw new SchemaCompileError(`${prefix || 'main schema'}: expected an object with "$defs"`);
    const id = typeof schema.$id === 'string' && schema.$id !== '' ? schema.$id : fallbackId;
    ajv.addSchema({ ...schema, $id: id });
    const defs: Source['defs'] = {};
    for (const [k, v] of Object.entries(schema.$defs)) if (isObject(v)) defs[k] = v;
    sources.push({ id, prefix, defs });
  };
  add(pinned.main, 'urn:mcpfs:pinned-schema:main', '');
  (pinned.extensions ?? []).forEach((e, i) => add(e.schema, `urn:mcpfs:pinned-schema:extension-${i}`, `${e.label}:`));
  const def = (src: Source, name: string): Def => {
    const key = `${src.id}#/$defs/${name}`;
    return {
      name: src.prefix + name,
      schema: src.defs[name]!,
      validator: () => {
        const v = ajv.getSchema(key);
        if (!v) throw new SchemaCompileError(`no definition ${key}`);
        return v;
      },
    };
  };
  const main = sources[0]!;
  const requests = new Map<string, Def>();
  const notifications = new Map<string, Def>();
  const results = new Map<string, ResultSpec>();
  const errors = new Map<number, { def: Def; at: '' | '/error' }>();
  for (const src of sources) {
    // Sorted so that the index does not depend on key order; `Client…`/`Server…` unions lose to the named definition.
    const names = Object.keys(src.defs).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      const d = src.defs[name]!;
      const method = methodConst(d);
      const kind = method === undefined ? undefined : messageKind(d);
      if (method !== undefined && kind === 'request' && !requests.has(method)) {
        requests.set(method, def(src, name));
        const spec = resultSpec(src, name, def);
        if (spec) results.set(src.prefix + name, { ...spec, core: src === sources[0] });
      }
      if (method !== undefined && kind === 'notification' && !notifications.has(method))
        notifications.set(method, def(src, name));
      const code = errorCode(d);
      if (code && !errors.has(code.code)) errors.set(code.code, { def: def(src, name), at: code.at });
    }
  }
  const envelope: CompiledSchemas['envelope'] = {};
  for (const n of [
    'JSONRPCMessage',
    'JSONRPCRequest',
    'JSONRPCNotification',
    'JSONRPCResultResponse',
    'JSONRPCErrorResponse',
  ] as const) {
    if (n in main.defs) envelope[n] = def(main, n);
  }
  const first = (n: string) => {
    const s = sources.find((x) => n in x.defs);
    return s ? def(s, n) : undefined;
  };
  // The 2026 core schema has no CreateTaskResult; the tasks extension does. 2025-11-25 has it in the main schema.
  const createTask = first('CreateTaskResult');
  return { requests, notifications, results, errors, envelope, ...(createTask ? { createTask } : {}) };
}

const refName = (v: unknown) =>
  isObject(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/$defs/')
    ? v.$ref.slice('#/$defs/'.length)
    : undefined;

/**
 * The result of request definition `<Stem>Request`: what `<Stem>ResultResponse.result` names (2026-07-28: a `$ref`,
 * or an `anyOf` of InputRequiredResult and the result), else `<Stem>Result`, else `EmptyResult` (2025-11-25 ping,
 * logging/setLevel, resources/subscribe answer with it).
 */
function resultSpec(
  src: Source,
  name: string,
  def: (s: Source, n: string) => Def,
): Omit<ResultSpec, 'core'> | undefined {
  const stem = name.replace(/Request$/, '');
  const response = src.defs[`${stem}ResultResponse`];
  const resultSchema = isObject(response) && isObject(response.properties) ? response.properties.result : undefined;
  const options = [
    refName(resultSchema),
    ...(isObject(resultSchema) && Array.isArray(resultSchema.anyOf) ? resultSchema.anyOf.map(refName) : []),
  ].filter((n): n is string => n !== undefined && n in src.defs);
  const own =
    options.find((n) => n !== 'InputRequiredResult') ?? [`${stem}Result`, 'EmptyResult'].find((n) => n in src.defs);
  if (!own) return undefined;
  return {
    result: def(src, own),
    ...(options.includes('InputRequiredResult') ? { inputRequired: def(src, 'InputRequiredResult') } : {}),
  };
}

const rank = (name: string) => (/^(Client|Server)(Request|Notification|Result)$/.test(name) ? 1 : 0);

/** `properties.method.const`, directly or in one of the definition's `allOf` parts (the tasks extension's style). */
function methodConst(d: Record<string, unknown>): string | undefined {
  for (const part of [d, ...(Array.isArray(d.allOf) ? d.allOf : [])]) {
    const m =
      isObject(part) && isObject(part.properties) && isObject(part.properties.method)
        ? part.properties.method.const
        : undefined;
    if (typeof m === 'string') return m;
  }
  return undefined;
}

/**
 * A request definition requires `id` (or extends JSONRPCRequest); a notification is a JSON-RPC message without `id`.
 * 2026-07-28's `roots/list` and friends have neither `jsonrpc` nor `id`: they are input requests inside a result,
 * not JSON-RPC messages, so they index as neither.
 */
function messageKind(d: Record<string, unknown>): 'request' | 'notification' | undefined {
  const refs = (Array.isArray(d.allOf) ? d.allOf : []).map((p) => (isObject(p) ? p.$ref : undefined));
  if (refs.includes('#/$defs/JSONRPCRequest')) return 'request';
  if (refs.includes('#/$defs/JSONRPCNotification')) return 'notification';
  const props = isObject(d.properties) ? d.properties : {};
  const required = Array.isArray(d.required) ? d.required : [];
  if (required.includes('id')) return 'request';
  if ('jsonrpc' in props && !('id' in props)) return 'notification';
  return undefined;
}

/** `properties.code.const` (an Error object) or `properties.error.allOf[…].properties.code.const` (a whole response). */
function errorCode(d: Record<string, unknown>): { code: number; at: '' | '/error' } | undefined {
  const props = isObject(d.properties) ? d.properties : {};
  const own = isObject(props.code) ? props.code.const : undefined;
  if (typeof own === 'number' && 'message' in props) return { code: own, at: '/error' };
  const err = isObject(props.error) ? props.error : undefined;
  for (const part of err && Array.isArray(err.allOf) ? err.allOf : []) {
    const c =
      isObject(part) && isObject(part.properties) && isObject(part.properties.code)
        ? part.properties.code.const
        : undefined;
    if (typeof c === 'number') return { code: c, at: '' };
  }
  return undefined;
}

const cut = (s: string) => (s.length > SCHEMA_LIMITS.textChars ? `${s.slice(0, SCHEMA_LIMITS.textChars - 1)}…` : s);

/** Ajv's message, with the parameter that makes it actionable (which property, which constant). */
function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `${e.message} (${JSON.stringify(p.additionalProperty)})`;
  if (e.keyword === 'const') return `${e.message} ${JSON.stringify(p.allowedValue)}`;
  if (e.keyword === 'enum' && Array.isArray(p.allowedValues))
    return `${e.message}: ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? e.keyword;
}

/**
 * Validate `data` (found at pointer `at` of its message) against a definition. Errors are deduplicated and keep
 * Ajv's order. A validator that overflows the stack on hostile data yields one `depth` error instead of a crash.
 */
export function check(d: Def, data: unknown, at: string): SchemaError[] {
  let v: ValidateFunction;
  try {
    v = d.validator();
  } catch (e) {
    return [{ pointer: at, keyword: 'schema', message: cut(`cannot compile ${d.name}: ${(e as Error).message}`) }];
  }
  try {
    if (v(data)) return [];
  } catch (e) {
    return [{ pointer: at, keyword: 'depth', message: cut(`not validated: ${(e as Error).message}`) }];
  }
  const seen = new Set<string>();
  const out: SchemaError[] = [];
  for (const e of v.errors ?? []) {
    const err = { pointer: cut(at + e.instancePath), keyword: e.keyword, message: cut(describe(e)) };
    const key = `${err.pointer}\u0000${err.keyword}\u0000${err.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(err);
  }
  return out;
}
