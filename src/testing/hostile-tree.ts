// A project tree whose every rendered field carries the XSS corpus (src/testing/xss-payloads.ts), tagged with its
// field marker (`xssf:<field>`): the small synthetic tree (src/testing/synthetic.ts, so the calibration gate passes)
// with its scenarios, subjects, verdict messages and version history rewritten, the agent's wire logs and transcripts
// replaced by hostile ones (one long enough for a second exchange page), an infra-error and a contaminated trial, a
// library registry and evidence, and coverage ledgers. Written into a temp dir by
// tests (never into results/); derive it without re-judging (`MCPFS_ROOT=<dir> npm run derive -- --no-rejudge`).
import { join, resolve } from 'node:path';
import { PAGE_SIZE } from '../bench/replay/view.ts';
import type { Scenario } from '../bench/schema/scenario.ts';
import { TRIAL_FORMAT, type TrialRecord } from '../bench/schema/trial.ts';
import type { WireLog } from '../bench/schema/wire-event.ts';
import { scenarioHash, scenarioKey } from '../bench/versions/hash.ts';
import { sealedTrialFiles } from '../bench/derive/records.ts';
import { writeFilesAtomic } from '../harness/io/write.ts';
import { FieldTexts, hostileTranscript, hostileWireLog } from './hostile-sidecars.ts';
import { trafficTotals, usageFromTotals } from '../bench/model-traffic/usage.ts';
import { MODEL_TRAFFIC_FORMAT, type ModelExchange } from '../bench/schema/model-traffic.ts';
import { syntheticFiles } from './synthetic.ts';
import { fixtureLog } from '../bench/derive/test-fixtures.ts';
import { verificationHeader } from '../bench/derive/verify-fixtures.ts';
import { SNAPSHOT_FORMAT, SNAPSHOT_TEXT_CAP } from '../bench/schema/snapshot.ts';
import { snapshotText, verificationText } from '../bench/verify/sidecar-text.ts';

/**
 * The hostile agent trial's snapshot (hostile paths, command line, working folder, skipped entries, file text) and an
 * infra-error verification with a hostile reason: what the trial page's Verification and snapshot sections render.
 */
function hostileRerunFiles(f: FieldTexts, recPath: string, record: TrialRecord, recordText: string): File[] {
  // Slashes dropped: a workspace path has no empty, "." or ".." segment (the schema refuses them).
  const path = `src/x-${f.text('snapshot.path', { max: 400, oneLine: true }).replace(/\//g, '_')}`;
  const snapshot = snapshotText(
    {
      format: SNAPSHOT_FORMAT,
      trial: record.trial.id,
      takenAt: record.trial.endedAt,
      textCap: SNAPSHOT_TEXT_CAP,
      files: 1,
      skipped: [f.text('snapshot.skipped', { max: 600 })],
      processes: [
        {
          role: 'listener',
          argv: ['node', f.text('snapshot.argv', { max: 4000 })],
          cwd: f.text('snapshot.cwd', { max: 500 }),
        },
      ],
    },
    [
      {
        path,
        size: 10,
        sha256: `sha256:${'e'.repeat(64)}`,
        mode: 0o644,
        text: f.text('snapshot.file-text', { shown: false }),
      },
    ],
  );
  const log = fixtureLog();
  const header = verificationHeader(record, recordText, log, {
    status: 'infra-error',
    infraReason: f.text('verification.infra-reason', { max: 2000 }),
  });
  return [
    { path: recPath.replace(/\.json$/, '.snapshot.jsonl'), content: snapshot },
    { path: recPath.replace(/\.json$/, '.verification.jsonl'), content: verificationText(header, '') },
  ];
}

export interface HostileTree {
  root: string;
  /** Every field id that carries the corpus and that a page shows (its marker is `xssf:<id>`). */
  fields: string[];
  /** Fields that carry the corpus but that no page shows (the raw downloads do). */
  unshown: string[];
  /** Trials worth opening in a browser: a hostile agent trial, the long one (two exchange pages), infra, contaminated. */
  trials: { agent: string; long: string; infra: string; contaminated: string };
  /** Subject ids: the hostile agent and the library. */
  subjects: { agent: string; library: string };
}

type File = { path: string; content: string };
const LIBRARY = '@synthetic/mcp-lib-1';
const LONG_EXCHANGES = PAGE_SIZE + 4;

/** Scenario texts: title, summary, prompt, requires, tools, design notes, and each checkpoint's rule, condition, reading and quoted sentence. */
function hostileScenario(s: Scenario, f: FieldTexts): Scenario {
  return {
    ...s,
    title: f.text('scenario.title'),
    summary: f.text('scenario.summary'),
    prompt: f.text('scenario.prompt'),
    requires: [f.text('scenario.requires'), 'Answer initialize'],
    tools: [
      {
        name: f.text('scenario.tool-name'),
        description: f.text('scenario.tool-description'),
        inputSchema: {
          type: 'object',
          properties: { [f.text('scenario.tool-schema-key', { shown: false })]: { type: 'string' } },
        },
      },
    ],
    // Design notes are shown on the methodology's readings pages.
    design: [f.text('scenario.design')],
    checkpoints: s.checkpoints.map((c) => ({
      ...c,
      rule: f.text('checkpoint.rule'),
      appliesWhen: f.text('checkpoint.applies-when'),
      reading: f.text('checkpoint.reading'),
      ...(c.spec
        ? {
            spec: {
              ...c.spec,
              file: `${c.spec.file.replace(/[^/]+$/, '')}${f.text('checkpoint.spec-file', { oneLine: true })}.mdx`,
              quote: f.text('checkpoint.spec-quote'),
            },
          }
        : {}),
    })),
  };
}

/** Parse a wire log back (the synthetic generator wrote JSONL). */
const parseWire = (text: string): WireLog => {
  const [header, ...events] = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  return { header: header as WireLog['header'], events: events as WireLog['events'] };
};

/** Write the hostile tree into `dir` (created if missing). Deterministic. */
export function writeHostileTree(dir: string): HostileTree {
  const root = resolve(dir);
  if (/(^|\/)results$/.test(root))
    throw new Error(`writeHostileTree: refusing to write into ${root}: give a project root, not results/`);
  const f = new FieldTexts();
  const libraryLabel = f.text('library.label', { max: 200 });
  const syn = syntheticFiles({
    seed: 13,
    subjects: 1,
    libraries: 1,
    scenarios: 1,
    checkpoints: 3,
    k: 1,
    infraErrorRate: 0,
  });
  const byPath = new Map(syn.files.map((x) => [x.path, x.content]));
  const scenarios = new Map(syn.scenarios.map((s) => [scenarioKey(s), hostileScenario(s, f)]));
  const out: File[] = [...scenarios.values()].map((s) => ({
    path: `scenarios/${s.revision}/${s.role}/${s.id}.json`,
    content: JSON.stringify(s, null, 2) + '\n',
  }));
  out.push({
    path: 'scenarios/versions.json',
    content:
      JSON.stringify(
        {
          versions: [
            {
              version: '1.0.0',
              date: '2026-11-01',
              summary: f.text('versions.summary', { max: 600 }),
              scenarios: Object.fromEntries([...scenarios].map(([k, s]) => [k, scenarioHash(s)])),
            },
          ],
        },
        null,
        2,
      ) + '\n',
  });
  for (const rev of new Set(syn.scenarios.map((s) => s.revision))) {
    const prefix = rev.replaceAll('-', '').slice(2);
    out.push({
      path: `scenarios/${rev}/coverage.json`,
      content:
        JSON.stringify(
          {
            format: 'mcpfs.coverage/1',
            revision: rev,
            exclusions: [
              {
                id: `${prefix}-basic-999`,
                roles: ['server', 'client'],
                reason: 'not-yet-scenarioed',
                why: f.text('coverage.why', { max: 240, oneLine: true }),
              },
            ],
          },
          null,
          2,
        ) + '\n',
    });
  }

  const agentSubject = syn.subjects.find((s) => s.kind === 'agent')!;
  const librarySubject = syn.subjects.find((s) => s.kind === 'library')!;
  const notAttempted = syn.scenarios.find((s) => s.revision === '2026-07-28' && s.role === 'client')!;
  const trials = { agent: '', long: '', infra: 'hostile-infra-1', contaminated: 'hostile-contaminated-1' };
  const libraryFailures: { record: TrialRecord; slug: string; spec: string | null }[] = [];
  for (const recPath of syn.records) {
    const record = JSON.parse(byPath.get(recPath)!) as TrialRecord;
    const t = record.trial;
    const s = scenarios.get(`${t.revision}/${t.role}/${t.scenario}`)!;
    if (
      record.subject.id === librarySubject.id &&
      t.scenario === notAttempted.id &&
      t.revision === notAttempted.revision &&
      t.role === notAttempted.role
    )
      continue;
    record.trial.scenarioHash = scenarioHash(s);
    const sub = record.subject;
    record.subject =
      sub.kind === 'agent'
        ? {
            ...sub,
            label: f.text('subject.label', { max: 200 }),
            harness: f.text('subject.harness', { max: 100 }),
            harnessVersion: f.text('subject.harness-version', { max: 100 }),
            provider: f.text('subject.provider', { max: 100 }),
            model: f.text('subject.model', { max: 100 }),
            thinking: f.text('subject.thinking', { max: 100 }),
          }
        : // A library subject must be what the registry says (derive checks it): the registry's hostile label, its plain name.
          sub.kind === 'library'
          ? { ...sub, label: libraryLabel }
          : { ...sub, label: `${sub.label} ${f.text('subject.calibration-label', { max: 150 })}` };
    record.verdicts = record.verdicts.map((v) => ({ ...v, message: f.text('verdict.message', { max: 2000 }) }));
    const wirePath = join(recPath, '..', record.sidecars.wire);
    let log = parseWire(byPath.get(wirePath)!);
    let model: { exchanges: ModelExchange[]; text: string } | undefined;
    let transcript = record.sidecars.transcript
      ? byPath.get(join(recPath, '..', record.sidecars.transcript))
      : undefined;
    if (sub.kind === 'agent') {
      const long = t.revision === '2025-11-25' && t.role === 'server' && t.docs === 'none';
      log = hostileWireLog(f, long ? LONG_EXCHANGES : 8, log.header.perspective, log.header.startedAt);
      transcript = hostileTranscript(f, log.header.startedAt);
      record.sidecars.transcript = `k${t.k}.transcript.jsonl`;
      if (long) trials.long = t.id;
      else if (!trials.agent && t.role === 'server') {
        trials.agent = t.id;
        record.sidecars.snapshot = `k${t.k}.snapshot.jsonl`;
        // Its model traffic: the fields the replay shows whatever the API codecs read (upstream, transport error, an
        // error body, the budget's end line); usage measured from it, as the runner stores it.
        model = hostileModelTraffic(f);
        record.sidecars.model = `k${t.k}.model.jsonl`;
        record.usage = {
          ...usageFromTotals(trafficTotals(model.exchanges)),
          wallTimeMs: 1000,
          budgetExhausted: 'tokens',
        };
      }
    }
    if (sub.kind === 'library' && t.docs === 'none') {
      // Make sure the library fails a MUST somewhere, so the libraries section shows its (hostile) evidence.
      const must = s.checkpoints.findIndex((c, i) => i > 0 && c.level === 'MUST');
      if (t.revision === '2025-11-25' && t.role === 'server' && must > 0)
        record.verdicts[must] = { ...record.verdicts[must]!, verdict: 'fail' };
      record.verdicts.forEach(
        (v, i) =>
          v.verdict === 'fail' &&
          v.level !== 'MAY' &&
          libraryFailures.push({ record, slug: v.checkpoint, spec: s.checkpoints[i]!.spec?.id ?? null }),
      );
    }
    const sealed = sealedTrialFiles(record, log, transcript);
    out.push(...sealed.files);
    if (model) {
      out.push({ path: sealed.files[0]!.path.replace(/\.json$/, '.model.jsonl'), content: model.text });
      model = undefined;
    }
    if (record.sidecars.snapshot)
      out.push(...hostileRerunFiles(f, sealed.files[0]!.path, sealed.record, sealed.files[0]!.content));
  }

  // An infra-error and a contaminated trial of the agent, on the first server scenario.
  const first = syn.records
    .map((p) => JSON.parse(byPath.get(p)!) as TrialRecord)
    .find((r) => r.subject.id === agentSubject.id && r.trial.role === 'server')!;
  const s0 = scenarios.get(`${first.trial.revision}/${first.trial.role}/${first.trial.scenario}`)!;
  const extra = (id: string, k: number, patch: Partial<TrialRecord>): File[] => {
    const record: Omit<TrialRecord, 'wireChain'> = {
      format: TRIAL_FORMAT,
      trial: { ...first.trial, id, k, scenarioHash: scenarioHash(s0) },
      subject: {
        ...agentSubject,
        label: f.text('subject.label', { max: 200 }),
        harness: f.text('subject.harness', { max: 100 }),
        harnessVersion: f.text('subject.harness-version', { max: 100 }),
        provider: f.text('subject.provider', { max: 100 }),
        model: f.text('subject.model', { max: 100 }),
        thinking: f.text('subject.thinking', { max: 100 }),
      },
      status: 'completed',
      verdicts: [],
      usage: { wallTimeMs: 1000 },
      sidecars: { wire: `k${k}.wire.jsonl` },
      ...patch,
    };
    // An infra-error trial never got an answer (derive refuses one whose log shows the subject answering).
    return sealedTrialFiles(
      record,
      hostileWireLog(f, patch.status === 'infra-error' ? 0 : 2, 'prober', first.trial.startedAt),
    ).files;
  };
  out.push(
    ...extra(trials.infra, 7, { status: 'infra-error', infraReason: f.text('record.infra-reason', { max: 2000 }) }),
  );
  out.push(
    ...extra(trials.contaminated, 8, {
      status: 'contaminated',
      canaries: [{ where: 'project-file', value: `mcpfs-canary-${'ab'.repeat(12)}` }],
      contamination: [
        { canary: 'project-file', foundIn: `workspace:${f.text('record.contamination-found-in', { max: 280 })}` },
      ],
      verdicts: s0.checkpoints.map((c) => ({
        checkpoint: c.slug,
        spec: c.spec?.id ?? null,
        level: c.level,
        verdict: 'pass',
        evidence: [0],
        message: f.text('verdict.message', { max: 2000 }),
      })),
    }),
  );

  // The library: registered with a hostile label, one scenario not attempted, raw evidence for each failure.
  const glue = Object.fromEntries(
    ['2025-11-25', '2026-07-28'].map((r) => [r, { server: 'synthetic/server.ts', client: 'synthetic/client.ts' }]),
  );
  out.push({
    path: 'libraries/registry.json',
    content:
      JSON.stringify(
        {
          libraries: [
            {
              library: LIBRARY,
              libraryVersion: '1.0.0',
              label: libraryLabel,
              installFolder: '.',
              glue,
              transport: { code: 'own', note: f.text('library.transport-note') },
              notAttempted: [
                {
                  revision: notAttempted.revision,
                  role: notAttempted.role,
                  scenario: notAttempted.id,
                  reason: f.text('library.not-attempted-reason'),
                },
              ],
            },
          ],
        },
        null,
        2,
      ) + '\n',
  });
  const entries = libraryFailures.map(({ record: r, slug, spec }) => {
    const transcript = `synthetic/${r.trial.revision}-${r.trial.role}-${r.trial.scenario}-${slug}.txt`;
    out.push({ path: `libraries/evidence/${transcript}`, content: f.text('library.evidence-transcript') + '\n' });
    return {
      library: LIBRARY,
      libraryVersion: '1.0.0',
      revision: r.trial.revision,
      role: r.trial.role,
      scenario: r.trial.scenario,
      checkpoint: slug,
      sentence: spec,
      transcript,
      command: f.text('library.evidence-command'),
      expect: 'xssf:',
      status: 'confirmed',
      note: f.text('library.evidence-note'),
      // The review's reason and link label are shown beside the verdict (trial page) and the evidence (libraries page).
      review: {
        class: 'violation',
        reason: f.text('library.review-reason', { max: 400 }),
        upstream: [{ label: f.text('library.review-link-label', { max: 200 }), url: 'https://example.org/upstream/1' }],
      },
    };
  });
  out.push({ path: 'libraries/evidence/index.json', content: JSON.stringify({ entries }, null, 2) + '\n' });

  writeFilesAtomic(out.map((x) => ({ path: join(root, x.path), content: x.content })));
  return {
    root,
    fields: [...f.placed].sort(),
    unshown: [...f.unshown].sort(),
    trials,
    subjects: { agent: agentSubject.id, library: librarySubject.id },
  };
}

/** A model sidecar whose shown fields are hostile: an upstream, a transport error, an error body, the end line. */
function hostileModelTraffic(f: FieldTexts): { exchanges: ModelExchange[]; text: string } {
  const base = { api: 'anthropic-messages' as const, method: 'POST', path: '/v1/messages', request: '{}' };
  const exchanges: ModelExchange[] = [
    { ...base, n: 1, t: 10, durationMs: 5, error: f.text('model.error', { max: 500 }), response: '' },
    { ...base, n: 2, t: 20, durationMs: 5, status: 500, response: f.text('model.error-body', { max: 290 }) },
    { ...base, n: 3, t: 30, durationMs: 1, status: 429, response: '{}', refused: 'budget' },
  ];
  const lines = [
    {
      format: MODEL_TRAFFIC_FORMAT,
      upstreams: { 'anthropic-messages': f.text('model.upstream', { max: 300 }) },
      budget: { tokens: 1000 },
    },
    ...exchanges,
    { end: true, budgetExhausted: 'tokens', detail: f.text('model.end-detail', { max: 300 }) },
  ];
  return { exchanges, text: lines.map((l) => JSON.stringify(l)).join('\n') + '\n' };
}
