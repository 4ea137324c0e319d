// Test-only: the malformed-record corpus (shared by the corpus tests and nothing else). The helpers build a valid
// single-trial corpus and break it; forged-corpus.ts and limits-corpus.ts hold the forgeries and the hostile sizes.
import type { DeriveInput } from './derive.ts';
import { scenarioHash } from '../versions/hash.ts';
import { chainLines } from './wire-chain.ts';
import { calibrationSubject, fixtureScenario, trialFiles } from './test-fixtures.ts';

const FIXTURE_HASH = scenarioHash(fixtureScenario());

export const DIR = 'results/2025-11-25/server/fixture-echo/none/calibration/oracle/';
export const REC = `${DIR}k1.json`;
export const WIRE = `${DIR}k1.wire.jsonl`;

type Files = Map<string, string>;
// Loose on purpose: cases reach into any field to break it.
type Json = Record<string, any>;

/** A valid single-trial corpus: the oracle's k1 record and its wire log. */
export function base(k = 1, extra: Partial<Parameters<typeof trialFiles>[0]> = {}): Files {
  return new Map(trialFiles({ subject: calibrationSubject('oracle'), k, ...extra }).files);
}

/** Edit the record at `path` as JSON (2-space indent kept). */
export function edit(files: Files, fn: (r: Json) => void, path = REC): Files {
  const r = JSON.parse(files.get(path)!) as Json;
  fn(r);
  files.set(path, JSON.stringify(r, null, 2) + '\n');
  return files;
}

/** Replace 1-based line `n` of a text file. */
export function setLine(files: Files, path: string, n: number, text: string): Files {
  const lines = files.get(path)!.split('\n');
  lines[n - 1] = text;
  files.set(path, lines.join('\n'));
  return files;
}

/** The wire log at `path` as parsed lines (header first), each with its `h`. */
export function wireLines(files: Files, path = WIRE): Json[] {
  return files
    .get(path)!
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
}

/**
 * Replace the wire log's lines. `rechain`: recompute every `h` and reseal the record, as a forger who read
 * wire-chain.ts would; otherwise the lines are written as given (their stale `h` included).
 */
export function setWire(files: Files, lines: Json[], { rechain = false, path = WIRE, record = REC } = {}): Files {
  if (!rechain) {
    files.set(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return files;
  }
  const { lines: text, seal } = chainLines(lines);
  files.set(path, text.join('\n') + '\n');
  return files.has(record) ? edit(files, (r) => (r.wireChain = seal), record) : files;
}

/** Edit the wire log's lines in place (line n of the file is `lines[n - 1]`), then write them back (see setWire). */
export function editWire(
  files: Files,
  fn: (lines: Json[]) => void,
  opts: { rechain?: boolean; path?: string; record?: string } = {},
): Files {
  const lines = wireLines(files, opts.path);
  fn(lines);
  return setWire(files, lines, opts);
}

export interface Case {
  name: string;
  files: () => Files;
  want: string[];
  /** Extra derive input (a libraries registry, other calibration subjects). */
  input?: Partial<DeriveInput>;
}

const swap = (a: unknown[], i: number, j: number) => ([a[i], a[j]] = [a[j], a[i]]);

/** Each case breaks a valid corpus one way; `want` is the exact derive output, path-first, hints included. */
export const CASES: Case[] = [
  {
    name: 'bad JSON',
    files: () => base().set(REC, '{"format": "mcpfs.trial/1",'),
    want: [
      `${DIR}k1.json: invalid JSON: Expected double-quoted property name in JSON at position 27 (line 1 column 28)`,
    ],
  },
  {
    name: 'wrong type for trial.k',
    files: () => edit(base(), (r) => (r.trial.k = '1')),
    want: [`${DIR}k1.json: trial.k: Invalid input: expected number, received string`],
  },
  {
    name: 'unknown checkpoint',
    files: () => edit(base(), (r) => (r.verdicts[3].checkpoint = 'foo')),
    want: [
      `${DIR}k1.json: verdicts: missing verdict for checkpoint "response-has-extra"\n  hint: records carry one verdict per checkpoint; run \`npm run rejudge\``,
      `${DIR}k1.json: verdicts[3].checkpoint: unknown checkpoint "foo" in scenario "fixture-echo"\n  hint: known: task-echo-result, post-returns-200, response-is-json, response-has-extra`,
    ],
  },
  {
    name: 'level mismatch',
    files: () => edit(base(), (r) => (r.verdicts[1].level = 'SHOULD')),
    want: [`${DIR}k1.json: verdicts[1].level: level SHOULD does not match checkpoint "post-returns-200" (MUST)`],
  },
  {
    name: 'spec id mismatch',
    files: () => edit(base(), (r) => (r.verdicts[2].spec = '251125-transports-71')),
    want: [
      `${DIR}k1.json: verdicts[2].spec: sentence 251125-transports-71 does not match checkpoint "response-is-json" (251125-transports-7)`,
    ],
  },
  {
    name: 'path does not match content',
    files: () => {
      const f = base();
      f.set(`${DIR}k2.json`, f.get(REC)!).delete(REC);
      return f;
    },
    want: [
      `${DIR}k2.json: sidecars.wire: "k1.wire.jsonl" is not this record's wire log: k2.json's is "k2.wire.jsonl" (one per record, never shared)`,
      `${DIR}k2.json: trial: path does not match content: expected ${DIR}k1.json\n  hint: move the file, or fix trial.revision/role/scenario/docs/k or subject.id`,
    ],
  },
  {
    name: 'missing wire sidecar',
    files: () => {
      const f = base();
      f.delete(WIRE);
      return f;
    },
    want: [
      `${DIR}k1.json: sidecars.wire: missing sidecar ${DIR}k1.wire.jsonl\n  hint: every record needs its wire log: verdicts are re-judged from it`,
    ],
  },
  {
    name: 'missing transcript sidecar',
    files: () => edit(base(), (r) => (r.sidecars.transcript = 'k1.transcript.jsonl')),
    want: [`${DIR}k1.json: sidecars.transcript: missing sidecar ${DIR}k1.transcript.jsonl`],
  },
  {
    name: 'orphan sidecar',
    files: () => base().set(`${DIR}k7.wire.jsonl`, ''),
    want: [
      `${DIR}k7.wire.jsonl: orphan file: no record names it as a sidecar\n  hint: delete it, or add it to its record's "sidecars"`,
    ],
  },
  {
    name: 'duplicate trial id',
    files: () => {
      const f = new Map([...base(1), ...base(2)]);
      const id = JSON.parse(f.get(REC)!).trial.id;
      edit(f, (r) => (r.trial.id = id), `${DIR}k2.json`);
      // The forger also rewrites the log's trial note and its chain: only the duplicate id is left to see.
      return editWire(f, (l) => ((l[1]!.data.trial = id), (l[1]!.text = l[1]!.text.replace(/k2:/, 'k1:'))), {
        rechain: true,
        path: `${DIR}k2.wire.jsonl`,
        record: `${DIR}k2.json`,
      });
    },
    want: [
      `${DIR}k2.json: trial.id: duplicate trial id "fx-fixture-echo-none-calibration-oracle-k1" (also in ${DIR}k1.json)`,
    ],
  },
  {
    name: 'score field present',
    files: () => edit(base(), (r) => (r.score = 1)),
    want: [
      `${DIR}k1.json: unknown field "score": scores are derived, never stored\n  hint: delete the "score" field; derive computes it from the verdicts`,
    ],
  },
  {
    name: 'an older record format',
    files: () => edit(base(), (r) => (r.format = 'mcpfs.trial/2')),
    want: [`${DIR}k1.json: format: Invalid input: expected "mcpfs.trial/3"`],
  },
  {
    name: 'a canary in the wire log of a completed trial',
    files: () => {
      const f = edit(
        base(),
        (r) => (r.canaries = [{ where: 'project-file', value: `mcpfs-canary-${'ab'.repeat(12)}` }]),
      );
      return editWire(f, (l) => l.push({ type: 'note', t: 9, text: `served mcpfs-canary-${'ab'.repeat(12)}` }), {
        rechain: true,
      });
    },
    want: [
      `${DIR}k1.json: status: "completed", but project-file in wire: the subject reached a planted secret\n  hint: the trial is contaminated: records are never edited, re-run it (and find how the secret was reached)`,
    ],
  },
  {
    name: 'contaminated without the canaries it names',
    files: () =>
      edit(base(), (r) => {
        r.status = 'contaminated';
        r.contamination = [{ canary: 'user-home', foundIn: 'workspace:loot.txt' }];
      }),
    want: [`${DIR}k1.json: canaries: a contaminated trial must list the canaries that were planted`],
  },
  {
    name: 'a scenario hash the scenario never had',
    files: () => edit(base(), (r) => ((r.trial as Record<string, unknown>).scenarioHash = `sha256:${'0'.repeat(64)}`)),
    want: [
      `${DIR}k1.json: trial.scenarioHash: sha256:${'0'.repeat(64)} is not the current hash of 2025-11-25/server/fixture-echo (${FIXTURE_HASH}) and no version history was given`,
    ],
  },
  {
    name: 'infra-error without reason',
    files: () =>
      edit(base(), (r) => {
        r.status = 'infra-error';
        r.verdicts = [];
      }),
    want: [`${DIR}k1.json: infraReason: required when status is "infra-error"`],
  },
  {
    name: 'infra-error with verdicts',
    files: () =>
      edit(base(), (r) => {
        r.status = 'infra-error';
        r.infraReason = 'probe crashed';
      }),
    want: [
      `${DIR}k1.json: status: "infra-error", but its wire log shows 1 answered exchange (first at ${DIR}k1.wire.jsonl line 5): the trial ran and must be judged\n  hint: the runner records infra-error only when nothing answered: re-run the trial`,
      `${DIR}k1.json: verdicts: an infra-error trial has no verdicts\n  hint: empty the list: infra-error trials are never judged`,
    ],
  },
  {
    name: 'missing verdict',
    files: () => edit(base(), (r) => r.verdicts.pop()),
    want: [
      `${DIR}k1.json: verdicts: missing verdict for checkpoint "response-has-extra"\n  hint: records carry one verdict per checkpoint; run \`npm run rejudge\``,
    ],
  },
  {
    name: 'duplicate verdict',
    files: () => edit(base(), (r) => (r.verdicts[3] = r.verdicts[2])),
    want: [
      `${DIR}k1.json: verdicts: duplicate verdict for checkpoint "response-is-json"`,
      `${DIR}k1.json: verdicts: missing verdict for checkpoint "response-has-extra"\n  hint: records carry one verdict per checkpoint; run \`npm run rejudge\``,
    ],
  },
  {
    name: 'verdicts in the wrong order',
    files: () => edit(base(), (r) => swap(r.verdicts, 2, 3)),
    want: [`${DIR}k1.json: verdicts: verdicts are not in scenario order\n  hint: run \`npm run rejudge\``],
  },
  {
    name: 'unknown scenario',
    files: () => {
      const f = new Map([...base()].map(([p, t]) => [p.replace('fixture-echo', 'no-such'), t] as [string, string]));
      return edit(f, (r) => (r.trial.scenario = 'no-such'), REC.replace('fixture-echo', 'no-such'));
    },
    want: [
      `results/2025-11-25/server/no-such/none/calibration/oracle/k1.json: trial.scenario: unknown scenario "no-such" for 2025-11-25 server\n  hint: expected a file scenarios/2025-11-25/server/no-such.json`,
    ],
  },
  {
    name: 'subject id not matching its kind',
    files: () => edit(base(), (r) => (r.subject.id = 'agent/oracle')),
    want: [`${DIR}k1.json: subject.id: must start with "calibration/" to match kind`],
  },
  {
    name: 'subject id with a dot-dot segment',
    files: () => edit(base(), (r) => (r.subject.id = 'calibration/..')),
    want: [`${DIR}k1.json: subject.id: segments must be non-empty [A-Za-z0-9@._+-], not "." or ".."`],
  },
  {
    name: 'timestamp without milliseconds',
    files: () => edit(base(), (r) => (r.trial.startedAt = '2026-11-30T08:00:00Z')),
    want: [`${DIR}k1.json: trial.startedAt: Invalid ISO datetime`],
  },
  {
    name: 'trial ending before it started',
    files: () => edit(base(), (r) => (r.trial.endedAt = '2026-11-30T07:59:59.000Z')),
    want: [`${DIR}k1.json: trial.endedAt: 2026-11-30T07:59:59.000Z is before startedAt 2026-11-30T08:00:00.000Z`],
  },
  {
    name: 'wire log line that is not JSON',
    files: () => setLine(base(), WIRE, 3, '{"type":"request",'),
    want: [
      `${DIR}k1.wire.jsonl: line 3: invalid JSON: Expected double-quoted property name in JSON at position 18 (line 1 column 19)`,
    ],
  },
  {
    name: 'wire log event of the wrong shape',
    files: () =>
      editWire(base(), (l) => (l[4] = { type: 'response', t: 2, x: 0, status: '200', headers: [] }), { rechain: true }),
    want: [`${DIR}k1.wire.jsonl: line 5: status: Invalid input: expected number, received string`],
  },
  {
    name: 'wire log without its header line',
    files: () => setLine(base(), WIRE, 1, ''),
    want: [
      `${DIR}k1.wire.jsonl: line 2: expected the wire header {"type":"wire","format":"mcpfs.wire/2",…} as the first line`,
    ],
  },
  {
    name: 'wire log from the wrong perspective',
    files: () => editWire(base(), (l) => (l[0]!.perspective = 'reference'), { rechain: true }),
    want: [
      `${DIR}k1.wire.jsonl: line 1: perspective: expected "prober" for a server-role trial, got "reference"\n  hint: the server role is probed (prober); the client role talks to the reference server (reference)`,
    ],
  },
  {
    name: 'stored verdict differs from the re-judged one',
    files: () =>
      edit(base(), (r) => {
        r.verdicts[1].verdict = 'fail';
        r.verdicts[1].message = 'Expected 200, got 500';
      }),
    want: [
      `${DIR}k1.json: verdicts[1]: stored verdict for "post-returns-200" differs from the re-judged one: stored fail "Expected 200, got 500" (evidence 0), re-judged pass "every POST got 200" (evidence 0)\n  hint: after a deliberate judge change run \`npm run rejudge\`; otherwise the record was edited by hand`,
    ],
  },
  {
    name: 'stored evidence differs from the re-judged one',
    files: () => edit(base(), (r) => (r.verdicts[0].evidence = [])),
    want: [
      `${DIR}k1.json: verdicts[0]: stored verdict for "task-echo-result" differs from the re-judged one: stored pass "echo returned a result" (evidence none), re-judged pass "echo returned a result" (evidence 0)\n  hint: after a deliberate judge change run \`npm run rejudge\`; otherwise the record was edited by hand`,
    ],
  },
  {
    name: 'sidecar outside the record folder',
    files: () => edit(base(), (r) => (r.sidecars.wire = '../k1.wire.jsonl')),
    want: [`${DIR}k1.json: sidecars.wire: must be "<name>.wire.jsonl" in the same folder`],
  },
  {
    name: 'unknown revision',
    files: () => edit(base(), (r) => (r.trial.revision = '2024-11-05')),
    want: [`${DIR}k1.json: trial.revision: Invalid option: expected one of "2025-11-25"|"2026-07-28"`],
  },
  {
    name: 'malformed transcript line',
    files: () => base(1, { transcript: '{"type":"session","version":3}\n{"role":"user"}\n' }),
    want: [`${DIR}k1.transcript.jsonl: line 2: type: Invalid input: expected string, received undefined`],
  },
  {
    name: 'unknown field in a verdict',
    files: () => edit(base(), (r) => (r.verdicts[0].note = 'x')),
    want: [
      `${DIR}k1.json: verdicts[0]: unknown field "note"\n  hint: remove it, or check its spelling against the JSON Schema in public/schema/`,
    ],
  },
];
