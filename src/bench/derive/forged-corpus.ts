// Test-only: forged, replayed and hidden records — what an attacker who can commit files under results/ tries: copy
// one trial under another name, replay one log as two trials, hide a failure as an infra error, rewrite the usage,
// the times or the isolation, edit or delete wire events. Each case is refused path-first (see malformed.test.ts).
import type { Subject } from '../schema/subject.ts';
import { type Case, DIR, REC, WIRE, base, edit, editWire, wireLines, setWire } from './malformed-corpus.ts';
import { REGISTRY_PATH } from './libraries.ts';
import { calibrationSubject, trialFiles } from './test-fixtures.ts';

type Files = Map<string, string>;

export const AGENT: Subject = {
  kind: 'agent',
  id: 'agent/pi@1.6.0/prov/model-a/off',
  label: 'pi 1.6.0 · prov/model-a · off',
  harness: 'pi',
  harnessVersion: '1.6.0',
  provider: 'prov',
  model: 'model-a',
  thinking: 'off',
};
export const ADIR = 'results/2025-11-25/server/fixture-echo/none/agent/pi@1.6.0/prov/model-a/off/';
const LIB: Subject = {
  kind: 'library',
  id: 'library/@fx/lib@1.0.0',
  label: 'fx lib 1.0.0',
  library: '@fx/lib',
  libraryVersion: '1.0.0',
};

/** A short pi session (JSONL v3) with usage on its assistant turns; `seed` makes each one distinct. */
export function piTranscript(seed = 1): string {
  const usage = { input: 1000 * seed, output: 100, cacheRead: 0, cacheWrite: 0, cost: { total: 0.01 } };
  return (
    [
      { type: 'session', version: 3, id: `session-${seed}`, timestamp: '2026-11-30T08:00:00.000Z', cwd: '/workspace' },
      { type: 'message', message: { role: 'user', content: 'Echo.' } },
      {
        type: 'message',
        message: {
          role: 'assistant',
          content: [{ type: 'toolCall', id: 'c1', name: 'bash', arguments: { command: 'node server.mjs' } }],
          usage,
          stopReason: 'toolUse',
        },
      },
      {
        type: 'message',
        message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }], usage, stopReason: 'stop' },
      },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n') + '\n'
  );
}

/** One agent trial (pi, with its transcript) of the fixture scenario. */
export const agentBase = (k = 1, transcript = piTranscript(k)): Files =>
  new Map(trialFiles({ subject: AGENT, k, transcript }).files);

/** Move every file of `from` (a folder or file prefix) to `to`. */
export function move(files: Files, from: string, to: string): Files {
  return new Map(
    [...files].map(([p, t]) => [p.startsWith(from) ? to + p.slice(from.length) : p, t] as [string, string]),
  );
}

/** A registry of one library, `@fx/lib` 1.0.0, glued for the given revision and role. */
export function registry(glue: Record<string, Record<string, string>> = { '2025-11-25': { server: 'fx/server.ts' } }) {
  return {
    libraries: {
      registry: {
        path: REGISTRY_PATH,
        text: JSON.stringify({
          libraries: [
            {
              library: '@fx/lib',
              libraryVersion: '1.0.0',
              label: 'fx lib 1.0.0',
              installFolder: '.',
              glue,
              notAttempted: [],
              transport: { code: 'own', note: 'fixture library: its own transport' },
            },
          ],
        }),
      },
    },
  };
}

const libraryTrial = (subject: Subject = LIB): Files => new Map(trialFiles({ subject, k: 1 }).files);
export const A_REC_PATH = `${ADIR}k1.json`;
const A_MODEL = `${ADIR}k1.model.jsonl`;

/** The agent trial with its model traffic through the proxy (one Chat Completions turn) and the usage it measures. */
export function proxiedAgent(): Files {
  const exchange = {
    n: 1,
    api: 'openai-chat',
    method: 'POST',
    path: '/openai/v1/chat/completions',
    t: 100,
    durationMs: 40,
    status: 200,
    request: JSON.stringify({ model: 'model-a', messages: [{ role: 'user', content: 'Echo.' }], tools: [{}] }),
    response: JSON.stringify({
      choices: [{ index: 0, message: { role: 'assistant', content: 'Done.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1200, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 200 } },
    }),
  };
  const f = agentBase();
  f.set(
    A_MODEL,
    [{ format: 'mcpfs.model-traffic/1', upstreams: { 'openai-chat': 'https://api.openai.com' } }, exchange]
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  return edit(
    f,
    (r) => {
      (r.sidecars as Record<string, unknown>).model = 'k1.model.jsonl';
      r.usage = {
        inputTokens: 1000,
        outputTokens: 30,
        cacheReadTokens: 200,
        cacheWriteTokens: 0,
        toolCalls: 0,
        turns: 1,
        requests: 1,
        source: 'proxy',
      };
    },
    A_REC_PATH,
  );
}
const A_REC = A_REC_PATH;
const A_TRANSCRIPT = `${ADIR}k1.transcript.jsonl`;
const lines = (files: Files, path = WIRE) => wireLines(files, path);

/** The oracle's k1 copied as k2: record rewritten to k2, its log copied as is. */
function replayedAsK2(): Files {
  const f = base(1);
  f.set(`${DIR}k2.wire.jsonl`, f.get(WIRE)!);
  f.set(`${DIR}k2.json`, f.get(REC)!);
  return edit(
    f,
    (r) => {
      r.trial.k = 2;
      r.trial.id = 'fx-replayed-k2';
      r.sidecars.wire = 'k2.wire.jsonl';
    },
    `${DIR}k2.json`,
  );
}

/** The oracle's record and log copied under the agent's name. */
function oracleAsAgent(): Files {
  const f = base(1);
  f.set(`${ADIR}k1.wire.jsonl`, f.get(WIRE)!);
  f.set(A_REC, f.get(REC)!);
  return edit(
    f,
    (r) => {
      r.subject = AGENT;
      r.trial.id = 'fx-forged-agent';
    },
    A_REC,
  );
}

export const FORGED: Case[] = [
  {
    name: "the oracle's record and wire log copied under an agent's name",
    files: oracleAsAgent,
    want: [
      `${ADIR}k1.json: subject.id: "agent/pi@1.6.0/prov/model-a/off", but its wire log's trial note (${ADIR}k1.wire.jsonl line 2) says "calibration/oracle": the log belongs to another trial, or the record was rewritten`,
      `${ADIR}k1.json: trial.id: "fx-forged-agent", but its wire log's trial note (${ADIR}k1.wire.jsonl line 2) says "fx-fixture-echo-none-calibration-oracle-k1": the log belongs to another trial, or the record was rewritten`,
      `${DIR}k1.wire.jsonl: the same wire log as ${ADIR}k1.wire.jsonl: one wire log per trial (one of the two is a copy: a replayed or relabelled trial)\n  hint: find the copy (its record fails other checks, or is the newer one), delete it and its record`,
    ],
  },
  {
    name: 'one wire log replayed as k1 and k2',
    files: replayedAsK2,
    want: [
      `${DIR}k2.json: trial.id: "fx-replayed-k2", but its wire log's trial note (${DIR}k2.wire.jsonl line 2) says "fx-fixture-echo-none-calibration-oracle-k1": the log belongs to another trial, or the record was rewritten`,
      `${DIR}k2.json: trial.k: 2, but its wire log's trial note (${DIR}k2.wire.jsonl line 2) says 1: the log belongs to another trial, or the record was rewritten`,
      `${DIR}k2.wire.jsonl: the same wire log as ${DIR}k1.wire.jsonl: one wire log per trial (one of the two is a copy: a replayed or relabelled trial)\n  hint: find the copy (its record fails other checks, or is the newer one), delete it and its record`,
    ],
  },
  {
    name: 'two records naming one wire log',
    files: () => {
      const f = new Map([...base(1), ...base(2)]);
      f.delete(`${DIR}k2.wire.jsonl`);
      return edit(f, (r) => (r.sidecars.wire = 'k1.wire.jsonl'), `${DIR}k2.json`);
    },
    want: [
      `${DIR}k2.json: sidecars.wire: "k1.wire.jsonl" is not this record's wire log: k2.json's is "k2.wire.jsonl" (one per record, never shared)`,
      `${DIR}k2.json: trial.id: "fx-fixture-echo-none-calibration-oracle-k2", but its wire log's trial note (${DIR}k1.wire.jsonl line 2) says "fx-fixture-echo-none-calibration-oracle-k1": the log belongs to another trial, or the record was rewritten`,
      `${DIR}k2.json: trial.k: 2, but its wire log's trial note (${DIR}k1.wire.jsonl line 2) says 1: the log belongs to another trial, or the record was rewritten`,
      `${DIR}k2.json: wireChain.head: 161ac03fa0a91b7b is not the h of ${DIR}k1.wire.jsonl's last line (eff1e7f6a700c6f0): the log is not the one this record was written with\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a failing trial relabelled infra-error with no verdicts',
    files: () =>
      edit(base(1, { behaviour: { status: 500 } }), (r) => {
        r.status = 'infra-error';
        r.infraReason = 'sandbox failed to start';
        r.verdicts = [];
      }),
    want: [
      `${DIR}k1.json: status: "infra-error", but its wire log shows 1 answered exchange (first at ${DIR}k1.wire.jsonl line 5): the trial ran and must be judged\n  hint: the runner records infra-error only when nothing answered: re-run the trial`,
    ],
  },
  {
    name: 'wall time rewritten past the length of the trial',
    files: () => edit(base(), (r) => (r.usage.wallTimeMs = 3_600_000)),
    want: [
      `${DIR}k1.json: usage.wallTimeMs: 3600000 ms is longer than the trial itself (60000 ms from startedAt to endedAt)`,
    ],
  },
  {
    name: 'token counts added to a record without a transcript',
    files: () =>
      edit(base(), (r) => {
        r.usage.inputTokens = 120_000;
        r.usage.costUsd = 0.5;
      }),
    want: [
      `${DIR}k1.json: usage.costUsd: 0.5, but the record has no transcript to count it from\n  hint: the runner takes these counts from the agent's transcript; a record without one has only wallTimeMs`,
      `${DIR}k1.json: usage.inputTokens: 120000, but the record has no transcript to count it from\n  hint: the runner takes these counts from the agent's transcript; a record without one has only wallTimeMs`,
    ],
  },
  {
    name: 'token counts rewritten against the pi transcript',
    files: () => edit(agentBase(), (r) => (r.usage.outputTokens = 10), A_REC),
    want: [
      `${ADIR}k1.json: usage.outputTokens: 10, but the transcript (${ADIR}k1.transcript.jsonl) counts 200\n  hint: the runner stores what the transcript sums to; the record or the transcript was edited`,
    ],
  },
  {
    name: 'proxy-measured tokens rewritten against the model traffic',
    files: () => edit(proxiedAgent(), (r) => (r.usage.inputTokens = 10), A_REC),
    want: [
      `${ADIR}k1.json: usage.inputTokens: 10, but the model traffic (${A_MODEL}) counts 1000\n  hint: the runner stores what the proxy measured; the record or the sidecar was edited`,
    ],
  },
  {
    name: 'usage claimed as measured at the proxy without its model traffic',
    files: () => edit(agentBase(), (r) => (r.usage.source = 'proxy'), A_REC),
    want: [
      `${ADIR}k1.json: usage.source: "proxy", but the record names no model-traffic sidecar to measure it from\n  hint: usage measured at the proxy comes with its sidecar (\`sidecars.model\`)`,
    ],
  },
  {
    name: 'an exchange deleted from the model traffic',
    files: () => {
      const f = proxiedAgent();
      const [header, x] = f.get(A_MODEL)!.trim().split('\n');
      f.set(A_MODEL, `${header}\n${x!.replace('"n":1', '"n":2')}\n`);
      return f;
    },
    want: [
      // Usage is not re-counted from a sidecar that failed its own checks: one problem, where the edit is.
      `${A_MODEL}: line 2: n: 2, expected 1: exchanges are numbered in arrival order, none left out`,
    ],
  },
  {
    name: 'tool calls rewritten against the pi transcript',
    files: () => edit(agentBase(), (r) => (r.usage.toolCalls = 40), A_REC),
    want: [
      `${ADIR}k1.json: usage.toolCalls: 40, but the transcript (${ADIR}k1.transcript.jsonl) counts 1\n  hint: the runner stores what the transcript sums to; the record or the transcript was edited`,
    ],
  },
  {
    name: 'startedAt moved after the wire log began',
    files: () => edit(base(), (r) => (r.trial.startedAt = '2026-11-30T08:00:10.000Z')),
    want: [
      `${DIR}k1.json: trial.startedAt: 2026-11-30T08:00:10.000Z is after its wire log began (2026-11-30T08:00:00.000Z, ${DIR}k1.wire.jsonl line 1): a trial starts before its log (tolerance 2000 ms)`,
    ],
  },
  {
    name: "the record's times moved before its wire log",
    files: () =>
      edit(base(), (r) => {
        r.trial.startedAt = '2026-11-30T07:58:00.000Z';
        r.trial.endedAt = '2026-11-30T07:59:00.000Z';
      }),
    want: [
      `${DIR}k1.json: trial.endedAt: 2026-11-30T07:59:00.000Z is before its wire log's last event (2026-11-30T08:00:00.005Z, ${DIR}k1.wire.jsonl line 8): a trial ends after its log (tolerance 2000 ms)`,
    ],
  },
  {
    name: 'isolation rewritten',
    files: () => edit(base(), (r) => (r.trial.isolation = 'netns')),
    want: [
      `${DIR}k1.json: trial.isolation: "netns", but its wire log's trial note (${DIR}k1.wire.jsonl line 2) says "none": the log belongs to another trial, or the record was rewritten`,
    ],
  },
  {
    name: 'a docs-none trial relabelled docs full',
    files: () =>
      edit(
        move(base(), DIR, DIR.replace('/none/', '/full/')),
        (r) => (r.trial.docs = 'full'),
        REC.replace('/none/', '/full/'),
      ),
    want: [
      `results/2025-11-25/server/fixture-echo/full/calibration/oracle/k1.json: trial.docs: "full", but its wire log's trial note (results/2025-11-25/server/fixture-echo/full/calibration/oracle/k1.wire.jsonl line 2) says "none": the log belongs to another trial, or the record was rewritten`,
    ],
  },
  {
    name: 'a k1 trial relabelled k2',
    files: () => {
      const f = move(base(), `${DIR}k1.`, `${DIR}k2.`);
      return edit(
        f,
        (r) => {
          r.trial.k = 2;
          r.sidecars.wire = 'k2.wire.jsonl';
        },
        `${DIR}k2.json`,
      );
    },
    want: [
      `${DIR}k2.json: trial.k: 2, but its wire log's trial note (${DIR}k2.wire.jsonl line 2) says 1: the log belongs to another trial, or the record was rewritten`,
    ],
  },
  {
    name: 'an unjudged response header added to the wire log',
    files: () => editWire(base(), (l) => l[4]!.headers.push(['Server', 'forged'])),
    want: [
      `${DIR}k1.wire.jsonl: line 5: h: hash chain broken: the line does not hash to its h from the previous line's h: this line was edited, or a line before it was deleted or inserted\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'an event deleted from the middle of the wire log',
    files: () => editWire(base(), (l) => l.splice(2, 1)),
    want: [
      `${DIR}k1.wire.jsonl: line 3: h: hash chain broken: the line does not hash to its h from the previous line's h: this line was edited, or a line before it was deleted or inserted\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'the last event deleted from the wire log',
    files: () => editWire(base(), (l) => l.pop()),
    want: [
      `${DIR}k1.json: wireChain.events: the record seals 7 events, ${DIR}k1.wire.jsonl has 6: lines were deleted\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'an event inserted into the wire log',
    files: () => editWire(base(), (l) => l.splice(3, 0, { ...l[2]! })),
    want: [
      `${DIR}k1.wire.jsonl: line 4: h: hash chain broken: the line does not hash to its h from the previous line's h: this line was edited, or a line before it was deleted or inserted\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'the wire log edited and re-chained, the record not resealed',
    files: () => {
      const f = base();
      const seal = JSON.parse(f.get(REC)!).wireChain;
      editWire(f, (l) => (l[7]!.t = 6), { rechain: true });
      return edit(f, (r) => (r.wireChain = seal));
    },
    want: [
      `${DIR}k1.json: wireChain.head: eff1e7f6a700c6f0 is not the h of ${DIR}k1.wire.jsonl's last line (5a94c7b5d2cd419f): the log is not the one this record was written with\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: "the record's seal edited",
    files: () => edit(base(), (r) => (r.wireChain.head = '0123456789abcdef')),
    want: [
      `${DIR}k1.json: wireChain.head: 0123456789abcdef is not the h of ${DIR}k1.wire.jsonl's last line (eff1e7f6a700c6f0): the log is not the one this record was written with\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'the wire header edited (startedAt)',
    files: () => editWire(base(), (l) => (l[0]!.startedAt = '2026-11-30T08:00:00.500Z')),
    want: [
      `${DIR}k1.wire.jsonl: line 1: h: hash chain broken: the line does not hash to its h: the header was edited\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a wire-log line without its h',
    files: () => editWire(base(), (l) => delete l[4]!.h),
    want: [
      `${DIR}k1.wire.jsonl: line 5: h: missing: every line of a mcpfs.wire/2 log carries its hash-chain field "h"`,
    ],
  },
  {
    name: 'a malformed h',
    files: () => editWire(base(), (l) => (l[4]!.h = 'not-a-hash')),
    want: [`${DIR}k1.wire.jsonl: line 5: h: must be 16 lower-case hex digits`],
  },
  {
    name: 'no trial note (log re-chained without it)',
    files: () => editWire(base(), (l) => l.splice(1, 1), { rechain: true }),
    want: [
      `${DIR}k1.wire.jsonl: line 2: the first event is not the runner's trial note ("runner: trial <id>: …"): the runner starts every wire log it writes with one\n  hint: a log the runner did not write for this trial is refused: re-run the trial`,
    ],
  },
  {
    name: 'the trial note of another trial (re-chained)',
    files: () => editWire(base(), (l) => (l[1]!.data.trial = 'fx-some-other-trial'), { rechain: true }),
    want: [
      `${DIR}k1.json: trial.id: "fx-fixture-echo-none-calibration-oracle-k1", but its wire log's trial note (${DIR}k1.wire.jsonl line 2) says "fx-some-other-trial": the log belongs to another trial, or the record was rewritten`,
    ],
  },
  {
    name: 'a calibration subject the harness never runs',
    files: () =>
      edit(
        move(base(), DIR, DIR.replace('/oracle/', '/mutant-nope/')),
        (r) => (r.subject = calibrationSubject('mutant-nope')),
        REC.replace('/oracle/', '/mutant-nope/'),
      ),
    want: [
      `results/2025-11-25/server/fixture-echo/none/calibration/mutant-nope/k1.json: subject.id: "calibration/mutant-nope" is not a calibration subject the harness runs on 2025-11-25/server/fixture-echo\n  hint: known: calibration/oracle, calibration/null, calibration/cheater, calibration/mutant-no-result, calibration/mutant-status-202, calibration/mutant-text-plain, calibration/mutant-no-extra`,
      `results/2025-11-25/server/fixture-echo/none/calibration/mutant-nope/k1.json: subject.id: "calibration/mutant-nope", but its wire log's trial note (results/2025-11-25/server/fixture-echo/none/calibration/mutant-nope/k1.wire.jsonl line 2) says "calibration/oracle": the log belongs to another trial, or the record was rewritten`,
    ],
  },
  {
    name: "a calibration subject's label rewritten",
    files: () => edit(base(), (r) => (r.subject.label = 'Oracle (certified)')),
    want: [
      `${DIR}k1.json: subject: does not match the harness's calibration/oracle (label differs)\n  hint: calibration subjects are written by the harness; re-run \`npm run calibrate\``,
    ],
  },
  {
    name: 'a library not in the registry',
    files: () => libraryTrial({ ...LIB, id: 'library/@fx/other@1.0.0', library: '@fx/other', label: 'other' }),
    input: registry(),
    want: [
      `results/2025-11-25/server/fixture-echo/none/library/@fx/other@1.0.0/k1.json: subject.id: "library/@fx/other@1.0.0" is not in libraries/registry.json (at that version)\n  hint: registered: library/@fx/lib@1.0.0`,
    ],
  },
  {
    name: 'a library at a version the registry does not list',
    files: () => libraryTrial({ ...LIB, id: 'library/@fx/lib@1.0.1', libraryVersion: '1.0.1' }),
    input: registry(),
    want: [
      `results/2025-11-25/server/fixture-echo/none/library/@fx/lib@1.0.1/k1.json: subject.id: "library/@fx/lib@1.0.1" is not in libraries/registry.json (at that version)\n  hint: registered: library/@fx/lib@1.0.0`,
    ],
  },
  {
    name: "a library's label rewritten",
    files: () => libraryTrial({ ...LIB, label: 'fx lib (fastest)' }),
    input: registry(),
    want: [
      `results/2025-11-25/server/fixture-echo/none/library/@fx/lib@1.0.0/k1.json: subject: does not match libraries/registry.json's library/@fx/lib@1.0.0 (label differs)\n  hint: library records are written by \`npm run libraries\` from the registry`,
    ],
  },
  {
    name: 'a library trial on a role it has no glue for',
    files: () => libraryTrial(),
    input: registry({ '2025-11-25': { client: 'fx/client.ts' } }),
    want: [
      `results/2025-11-25/server/fixture-echo/none/library/@fx/lib@1.0.0/k1.json: trial.role: @fx/lib 1.0.0 has no 2025-11-25 server glue in libraries/registry.json: the harness cannot have run it`,
    ],
  },
  {
    name: 'one transcript under two trials',
    files: () => new Map([...agentBase(1, piTranscript(1)), ...agentBase(2, piTranscript(1))]),
    want: [
      `${ADIR}k2.transcript.jsonl: the same transcript as ${ADIR}k1.transcript.jsonl: one transcript per trial (one of the two is a copy)\n  hint: find the copy (its record fails other checks, or is the newer one), delete it and its record`,
    ],
  },
  {
    name: 'a contamination finding that is not in the sidecar',
    files: () =>
      edit(base(), (r) => {
        r.status = 'contaminated';
        r.canaries = [{ where: 'user-home', value: `mcpfs-canary-${'cd'.repeat(12)}` }];
        r.contamination = [{ canary: 'user-home', foundIn: 'wire' }];
      }),
    want: [`${DIR}k1.json: contamination[0]: user-home in wire is not in the wire sidecar`],
  },
  {
    name: 'a transcript edited under its record (usage no longer adds up)',
    files: () => agentBase().set(A_TRANSCRIPT, piTranscript(3)),
    want: [
      `${ADIR}k1.json: usage.inputTokens: 2000, but the transcript (${ADIR}k1.transcript.jsonl) counts 6000\n  hint: the runner stores what the transcript sums to; the record or the transcript was edited`,
    ],
  },
  {
    name: "a whole log replaced by another trial's (seal kept)",
    files: () => setWire(base(), lines(base(1, { behaviour: { status: 500 } }))),
    want: [
      `${DIR}k1.json: wireChain.head: eff1e7f6a700c6f0 is not the h of ${DIR}k1.wire.jsonl's last line (b913a98b7e4d0c9a): the log is not the one this record was written with\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
];
