// Test-only fixtures for derive: a tiny scenario, its judges, and generated trial files (never written to results/).
// Pure, so tests of the core can build any record corpus in memory.
import { PRIMARY_SOURCE } from '../spec/revisions.ts';
import { scenarioHash } from '../versions/hash.ts';
import { header, type Exchange } from '../judge/exchanges.ts';
import { judgeTrial } from '../judge/run.ts';
import { judge } from '../judge/define.ts';
import { fail, notApplicable, pass, type JudgeRegistry } from '../judge/types.ts';
import type { Scenario } from '../schema/scenario.ts';
import type { Subject } from '../schema/subject.ts';
import { TRIAL_FORMAT, type TrialRecord } from '../schema/trial.ts';
import { WIRE_FORMAT, type WireEvent, type WireLog } from '../schema/wire-event.ts';
import { sealedTrialFiles } from './records.ts';
import { piSessionUsage } from './pi-usage.ts';
import type { CalibrationSubjects } from './integrity.ts';
import type { SourceFile } from './scenarios.ts';

export const FX_REV = '2025-11-25' as const;
export const FX_SCENARIO_ID = 'fixture-echo';

/** Test scenario: one task checkpoint and one of each level, citing real 2025-11-25 sentence ids. */
export function fixtureScenario(id = FX_SCENARIO_ID): Scenario {
  const spec = (sid: string, line: number) => ({
    id: sid,
    file: 'docs/specification/2025-11-25/basic/transports.mdx',
    line,
    quote: `quote of ${sid}`,
  });
  return {
    id,
    revision: FX_REV,
    role: 'server',
    title: 'Fixture echo',
    grade: 1,
    summary: 'Test-only scenario.',
    prompt: 'Echo.',
    requires: [],
    leakAllowed: [],
    tools: [],
    checkpoints: [
      { slug: 'task-echo-result', kind: 'task', level: 'MUST', spec: null, rule: 'The echo call returns a result' },
      {
        slug: 'post-returns-200',
        kind: 'spec',
        level: 'MUST',
        spec: spec('251125-transports-70', 70),
        rule: 'Every POST gets 200',
      },
      {
        slug: 'response-is-json',
        kind: 'spec',
        level: 'SHOULD',
        spec: spec('251125-transports-7', 7),
        rule: 'Responses are JSON',
      },
      {
        slug: 'response-has-extra',
        kind: 'spec',
        level: 'MAY',
        spec: spec('251125-transports-99', 99),
        rule: 'Responses carry X-Extra',
        appliesWhen: 'only when the request asked for it',
      },
    ],
  };
}

export const scenarioFile = (s: Scenario = fixtureScenario()): SourceFile => ({
  path: `scenarios/${s.revision}/${s.role}/${s.id}.json`,
  text: JSON.stringify(s, null, 2) + '\n',
});

const posts = (exs: Exchange[]) => exs.filter((e) => e.request.method === 'POST' && e.response);

/** Judges of the fixture scenario: plain functions of the wire log, like the real ones. */
export const FIXTURE_JUDGES: Record<string, (i: { exchanges: Exchange[] }) => ReturnType<typeof pass>> = {
  'task-echo-result': ({ exchanges }) => {
    const hit = exchanges.find(
      (e) => e.json !== undefined && typeof e.json === 'object' && e.json !== null && 'result' in e.json,
    );
    return hit ? pass('echo returned a result', [hit.x]) : fail('Expected a JSON-RPC result, got none');
  },
  'post-returns-200': ({ exchanges }) => {
    const bad = posts(exchanges).find((e) => e.response!.status !== 200);
    return bad
      ? fail(`Expected 200, got ${bad.response!.status}`, [bad.x])
      : pass(
          'every POST got 200',
          posts(exchanges).map((e) => e.x),
        );
  },
  'response-is-json': ({ exchanges }) => {
    const bad = posts(exchanges).find(
      (e) => !(header(e.response!.headers, 'content-type') ?? '').startsWith('application/json'),
    );
    return bad
      ? fail(`Expected application/json, got ${header(bad.response!.headers, 'content-type') ?? 'none'}`, [bad.x])
      : pass('JSON responses');
  },
  'response-has-extra': ({ exchanges }) => {
    const asked = posts(exchanges).filter((e) => header(e.request.headers, 'x-want-extra') === '1');
    if (asked.length === 0) return notApplicable('no request asked for X-Extra');
    const bad = asked.find((e) => header(e.response!.headers, 'x-extra') === undefined);
    return bad
      ? fail('Expected X-Extra, got none', [bad.x])
      : pass(
          'X-Extra present',
          asked.map((e) => e.x),
        );
  },
};

/**
 * The strict form of `response-is-json`, judged when a test's scenario marks it contested: the Content-Type is exactly
 * `application/json`, no parameters (the lenient, scored form accepts `application/json; charset=utf-8`).
 */
const strictJson = ({ exchanges }: { exchanges: Exchange[] }) => {
  const bad = posts(exchanges).find((e) => header(e.response!.headers, 'content-type') !== 'application/json');
  return bad
    ? fail(`Expected exactly application/json, got ${header(bad.response!.headers, 'content-type') ?? 'none'}`, [bad.x])
    : pass('exactly application/json');
};

export function fixtureRegistry(): JudgeRegistry {
  return {
    [FX_REV]: {
      server: {
        ...FIXTURE_JUDGES,
        'response-is-json': judge('response-is-json', FIXTURE_JUDGES['response-is-json']!, strictJson),
      },
    },
  };
}

/** How a simulated subject behaves on the one POST the fixture prober sends. */
export interface Behaviour {
  status?: number;
  contentType?: string | null;
  body?: string;
  extra?: boolean;
  wantExtra?: boolean;
}

const utf8 = (data: string) => ({ encoding: 'utf8' as const, data, bytes: Buffer.byteLength(data), truncated: false });

/** A wire log of one POST exchange shaped by `b` (defaults: the oracle's behaviour). */
export function fixtureLog(b: Behaviour = {}): WireLog {
  const {
    status = 200,
    contentType = 'application/json',
    body = '{"jsonrpc":"2.0","id":1,"result":{}}',
    extra = true,
    wantExtra = true,
  } = b;
  const headers: [string, string][] = [];
  if (contentType) headers.push(['Content-Type', contentType]);
  if (extra) headers.push(['X-Extra', 'yes']);
  const events: WireEvent[] = [
    { type: 'conn-open', t: 0, conn: 0 },
    {
      type: 'request',
      t: 1,
      x: 0,
      conn: 0,
      step: 'echo',
      method: 'POST',
      path: '/mcp',
      headers: wantExtra ? [['X-Want-Extra', '1']] : [],
      body: utf8('{"jsonrpc":"2.0","id":1,"method":"echo"}'),
    },
    { type: 'response', t: 2, x: 0, status, headers },
    { type: 'body', t: 3, x: 0, body: utf8(body) },
    { type: 'end', t: 4, x: 0, reason: 'complete' },
    { type: 'conn-close', t: 5, conn: 0 },
  ];
  return {
    header: {
      type: 'wire',
      format: WIRE_FORMAT,
      perspective: 'prober',
      startedAt: '2026-11-30T08:00:00.000Z',
      bodyCap: 65536,
    },
    events,
  };
}

/** A wire log of a trial whose harness failed before the subject answered: the one refused connection. */
export function infraLog(): WireLog {
  const log = fixtureLog();
  return {
    header: log.header,
    events: [
      log.events[1]!,
      { type: 'error', t: 2, x: 0, code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:3000' },
    ],
  };
}

export function calibrationSubject(name: string): Subject {
  return { kind: 'calibration', id: `calibration/${name}`, label: name };
}

/** Subjects and behaviours that calibrate the fixture scenario: oracle 1.0, null 0, one mutant per checkpoint. */
export const CALIBRATION: Record<string, Behaviour> = {
  oracle: {},
  null: { status: 500, contentType: null, body: '', extra: false },
  // The cheater finds nothing to copy: it serves what it gathered, which is no MCP answer at all.
  cheater: { status: 500, contentType: null, body: '', extra: false },
  'mutant-no-result': { body: '{}' },
  'mutant-status-202': { status: 202 },
  'mutant-text-plain': { contentType: 'text/plain' },
  'mutant-no-extra': { extra: false },
};

/** The calibration subjects of the fixture harness (as harness/io passes the real ones): the names in CALIBRATION. */
export function fixtureCalibrationSubjects(): CalibrationSubjects {
  const names = Object.keys(CALIBRATION);
  return {
    always: names.filter((n) => !n.startsWith('mutant-')).map(calibrationSubject),
    mutants: {
      [`${FX_REV}/server`]: names
        .filter((n) => n.startsWith('mutant-'))
        .map((n) => ({ subject: calibrationSubject(n), scenarios: [FX_SCENARIO_ID] })),
    },
  };
}

export interface TrialSpec {
  subject: Subject;
  behaviour?: Behaviour;
  k?: number;
  docs?: 'none' | 'full';
  scenario?: Scenario;
  id?: string;
  infraReason?: string;
  transcript?: string;
  /** The run the trial belongs to (`trial.run`), as a sweep writes it. */
  run?: string;
}

/** Record + sidecar files of one trial, judged with the fixture judges, as `[path, text]` pairs. */
export function trialFiles(t: TrialSpec): { record: TrialRecord; recordPath: string; files: [string, string][] } {
  const s = t.scenario ?? fixtureScenario();
  const k = t.k ?? 1;
  const docs = t.docs ?? 'none';
  const bare = t.infraReason ? infraLog() : fixtureLog(t.behaviour);
  const record: Omit<TrialRecord, 'wireChain'> = {
    format: TRIAL_FORMAT,
    $schema: '/schema/trial.json',
    trial: {
      id: t.id ?? `fx-${s.id}-${docs}-${t.subject.id.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-k${k}`,
      revision: s.revision,
      role: s.role,
      scenario: s.id,
      docs,
      k,
      startedAt: '2026-11-30T08:00:00.000Z',
      endedAt: '2026-11-30T08:01:00.000Z',
      benchmarkVersion: '1.0.0',
      scenarioHash: scenarioHash(s),
      isolation: 'none',
      ...(t.run !== undefined ? { run: t.run } : {}),
      specCommit: PRIMARY_SOURCE.commit,
    },
    subject: t.subject,
    status: t.infraReason ? 'infra-error' : 'completed',
    ...(t.infraReason ? { infraReason: t.infraReason } : {}),
    verdicts: t.infraReason ? [] : judgeTrial(s, bare, fixtureRegistry()),
    // As the runner stores it: counts from the transcript (none without one), plus the session's wall time.
    usage: t.transcript !== undefined ? { ...piSessionUsage(t.transcript), wallTimeMs: 1000 } : { wallTimeMs: 1000 },
    sidecars: {
      wire: `k${k}.wire.jsonl`,
      ...(t.transcript !== undefined ? { transcript: `k${k}.transcript.jsonl` } : {}),
    },
  };
  const { record: full, files } = sealedTrialFiles(record, bare, t.transcript);
  return { record: full, recordPath: files[0]!.path, files: files.map((f): [string, string] => [f.path, f.content]) };
}

/** A full calibration set for the fixture scenario (oracle and null at k1..k, one trial per mutant). */
export function calibrationFiles(
  opts: { k?: number; scenario?: Scenario; skip?: string[]; override?: Record<string, Behaviour> } = {},
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, behaviour] of Object.entries({ ...CALIBRATION, ...opts.override })) {
    if (opts.skip?.includes(name)) continue;
    const ks = name.startsWith('mutant-') ? 1 : (opts.k ?? 1);
    for (let k = 1; k <= ks; k++)
      for (const [p, text] of trialFiles({ subject: calibrationSubject(name), behaviour, k, scenario: opts.scenario })
        .files)
        out.set(p, text);
  }
  return out;
}
