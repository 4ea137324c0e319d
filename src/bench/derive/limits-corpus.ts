// Test-only: what JSON.parse or a loose schema would take without a word — duplicate keys, deep nesting, time going
// backwards, one exchange numbered twice, hidden files, oversized files and fields, old formats, bad identifiers.
// Each case is refused path-first (see malformed.test.ts).
import { type Case, DIR, REC, WIRE, base, edit, editWire } from './malformed-corpus.ts';
import { ADIR, A_REC_PATH, agentBase, piTranscript } from './forged-corpus.ts';
import { FILE_LIMITS } from './limits.ts';

type Files = Map<string, string>;

/** Replace the first occurrence of `from` in the file at `path` (raw text: what an editor would do). */
function patch(files: Files, path: string, from: string, to: string): Files {
  const text = files.get(path)!;
  if (!text.includes(from)) throw new Error(`corpus: ${path} does not contain ${from}`);
  return files.set(path, text.replace(from, to));
}

/** `[[[…]]]` nested `n` deep. */
const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
const long = (n: number) => 'x'.repeat(n);
const rechain = { rechain: true };

export const LIMITS: Case[] = [
  {
    name: 'a duplicate key in a record ("verdict": "pass", "verdict": "fail")',
    files: () => patch(base(), REC, '"verdict": "pass"', '"verdict": "pass", "verdict": "fail"'),
    want: [
      `${DIR}k1.json: verdicts[0].verdict: duplicate key: JSON.parse would silently keep only the last value\n  hint: give each key once`,
    ],
  },
  {
    name: 'a duplicate key in a wire-log line',
    files: () => patch(base(), WIRE, '"status":200', '"status":200,"status":500'),
    want: [
      `${DIR}k1.wire.jsonl: line 5: status: duplicate key: JSON.parse would silently keep only the last value\n  hint: give each key once`,
    ],
  },
  {
    name: 'a duplicate key in a transcript line',
    files: () =>
      patch(
        agentBase(),
        A_REC_PATH.replace('.json', '.transcript.jsonl'),
        '"role":"user"',
        '"role":"user","role":"assistant"',
      ),
    want: [
      `${ADIR}k1.transcript.jsonl: line 2: message.role: duplicate key: JSON.parse would silently keep only the last value\n  hint: give each key once`,
    ],
  },
  {
    name: 'nesting deeper than 64 levels in a record',
    files: () => edit(base(), (r) => (r.deep = deep(70))),
    want: [
      `${DIR}k1.json: deep[0][0]…: nested deeper than 64 levels\n  hint: no record, log line or transcript line the harness writes nests this deep`,
    ],
  },
  {
    name: "nesting deeper than 64 levels in a wire note's data",
    files: () => editWire(base(), (l) => (l[1]!.data.deep = deep(70)), rechain),
    want: [
      `${DIR}k1.wire.jsonl: line 2: data.deep[0]…: nested deeper than 64 levels\n  hint: no record, log line or transcript line the harness writes nests this deep`,
    ],
  },
  {
    name: 'time going backwards in the wire log',
    files: () => editWire(base(), (l) => (l[5]!.t = 0.5), rechain),
    want: [
      `${DIR}k1.wire.jsonl: line 6: t: 0.5 is before the previous event's t 2 (line 5): the recorder writes events in time order`,
    ],
  },
  {
    name: 'two requests with one exchange number',
    files: () => editWire(base(), (l) => l.splice(7, 0, { ...l[3]!, t: 4.5 }), rechain),
    want: [`${DIR}k1.wire.jsonl: line 8: x: exchange 0 already has a request (line 4): each exchange has one`],
  },
  {
    name: 'an event of an exchange that has no request',
    files: () => editWire(base(), (l) => (l[5]!.x = 7), rechain),
    want: [`${DIR}k1.wire.jsonl: line 6: x: no request of exchange 7 before this line`],
  },
  {
    name: "a body longer than the header's bodyCap",
    files: () => editWire(base(), (l) => (l[0]!.bodyCap = 8), rechain),
    want: [
      `${DIR}k1.wire.jsonl: line 4: body.data: holds more than the header's bodyCap (8 bytes)`,
      `${DIR}k1.wire.jsonl: line 6: body.data: holds more than the header's bodyCap (8 bytes)`,
    ],
  },
  {
    name: 'a record in a hidden folder',
    files: () =>
      new Map([...base()].map(([p, t]) => [p.replace('/calibration/', '/.calibration/'), t] as [string, string])),
    want: [
      `results/2025-11-25/server/fixture-echo/none/.calibration/oracle/k1.json: hidden folder: derive reads nothing hidden, and refuses it rather than skip it unseen\n  hint: rename it without the leading dot, or delete it`,
      `results/2025-11-25/server/fixture-echo/none/.calibration/oracle/k1.wire.jsonl: hidden folder: derive reads nothing hidden, and refuses it rather than skip it unseen\n  hint: rename it without the leading dot, or delete it`,
    ],
  },
  {
    name: 'a file named ..json beside a record',
    files: () => base().set(`${DIR}..json`, base().get(REC)!),
    want: [
      `${DIR}..json: hidden file: derive reads nothing hidden, and refuses it rather than skip it unseen\n  hint: rename it without the leading dot, or delete it`,
    ],
  },
  {
    name: 'a record past the size limit',
    files: () =>
      base().set(
        REC,
        base()
          .get(REC)!
          .replace(/\n$/, ' '.repeat(FILE_LIMITS.record) + '\n'),
      ),
    want: [
      `${DIR}k1.json: file too large (1050269 bytes, limit 1048576)\n  hint: derive refuses it unread; a record, wire log or transcript the harness wrote stays far below the limit (see FILE_LIMITS in src/bench/derive/limits.ts)`,
    ],
  },
  {
    name: 'a subject label past 200 characters',
    files: () => edit(base(), (r) => (r.subject.label = long(201))),
    want: [`${DIR}k1.json: subject.label: must be at most 200 characters`],
  },
  {
    name: 'a verdict message past 2000 characters',
    files: () => edit(base(), (r) => (r.verdicts[0].message = long(2001))),
    want: [`${DIR}k1.json: verdicts[0].message: must be at most 2000 characters`],
  },
  {
    name: 'an infraReason past 2000 characters',
    files: () => edit(base(1, { infraReason: 'port in use' }), (r) => (r.infraReason = long(2001))),
    want: [`${DIR}k1.json: infraReason: must be at most 2000 characters`],
  },
  {
    name: 'a probe step label past 4096 characters',
    files: () => editWire(base(), (l) => (l[3]!.step = long(4097)), rechain),
    want: [`${DIR}k1.wire.jsonl: line 4: step: must be at most 4096 characters`],
  },
  {
    name: 'a note text past 65536 characters',
    files: () => editWire(base(), (l) => l.push({ type: 'note', t: 6, text: long(65537) }), rechain),
    want: [`${DIR}k1.wire.jsonl: line 9: text: must be at most 65536 characters`],
  },
  {
    name: 'more than 1000 headers on a request',
    files: () =>
      editWire(base(), (l) => (l[3]!.headers = Array.from({ length: 1001 }, (_, i) => [`X-${i}`, 'v'])), rechain),
    want: [`${DIR}k1.wire.jsonl: line 4: headers: must hold at most 1000 headers`],
  },
  {
    name: 'a header value past 65536 characters',
    files: () => editWire(base(), (l) => l[4]!.headers.push(['X-Big', long(65537)]), rechain),
    want: [`${DIR}k1.wire.jsonl: line 5: headers[2][1]: must be at most 65536 characters`],
  },
  {
    name: 'more than 10000 evidence entries',
    files: () => edit(base(), (r) => (r.verdicts[0].evidence = Array.from({ length: 10001 }, () => 0))),
    want: [`${DIR}k1.json: verdicts[0].evidence: must list at most 10000 exchanges`],
  },
  {
    name: 'an old wire format (mcpfs.wire/1), re-chained',
    files: () => editWire(base(), (l) => (l[0]!.format = 'mcpfs.wire/1'), rechain),
    want: [`${DIR}k1.wire.jsonl: line 1: format: Invalid input: expected "mcpfs.wire/2"`],
  },
  {
    name: 'a record without its seal (wireChain)',
    files: () => edit(base(), (r) => delete r.wireChain),
    want: [`${DIR}k1.json: wireChain: Invalid input: expected object, received undefined`],
  },
  {
    name: 'a negative event time',
    files: () => editWire(base(), (l) => (l[2]!.t = -1), rechain),
    want: [`${DIR}k1.wire.jsonl: line 3: t: Too small: expected number to be >=0`],
  },
  {
    name: 'an event time past a week',
    files: () => editWire(base(), (l) => (l[7]!.t = 8 * 24 * 3600 * 1000), rechain),
    want: [`${DIR}k1.wire.jsonl: line 8: t: must be at most a week (604800000 ms)`],
  },
  {
    name: 'a response status past 999',
    files: () => editWire(base(), (l) => (l[4]!.status = 1000), rechain),
    want: [`${DIR}k1.wire.jsonl: line 5: status: Too big: expected number to be <=999`],
  },
  {
    name: 'an unknown wire event type',
    files: () => editWire(base(), (l) => l.push({ type: 'teleport', t: 6 }), rechain),
    want: [
      `${DIR}k1.wire.jsonl: line 9: type: Invalid discriminator value. Expected 'conn-open' | 'conn-close' | 'request' | 'response' | 'body' | 'sse' | 'end' | 'error' | 'truncated' | 'note'`,
    ],
  },
  {
    name: 'an unknown field in a wire event',
    files: () => editWire(base(), (l) => (l[4]!.verdict = 'pass'), rechain),
    want: [
      `${DIR}k1.wire.jsonl: line 5: unknown field "verdict"\n  hint: remove it, or check its spelling against the JSON Schema in public/schema/`,
    ],
  },
  {
    name: 'an unknown field in the wire header',
    files: () => editWire(base(), (l) => (l[0]!.signedBy = 'oracle'), rechain),
    want: [
      `${DIR}k1.wire.jsonl: line 1: unknown field "signedBy"\n  hint: remove it, or check its spelling against the JSON Schema in public/schema/`,
    ],
  },
  {
    name: 'a record that is a JSON array',
    files: () => base().set(REC, '[]\n'),
    want: [`${DIR}k1.json: Invalid input: expected object, received array`],
  },
  {
    name: 'an empty record file',
    files: () => base().set(REC, ''),
    want: [`${DIR}k1.json: invalid JSON: Unexpected end of JSON input`],
  },
  {
    name: 'an empty wire log',
    files: () => base().set(WIRE, ''),
    want: [`${DIR}k1.wire.jsonl: empty wire log: the first line must be the wire header`],
  },
  {
    name: 'a completed record with an infraReason',
    files: () => edit(base(), (r) => (r.infraReason = 'none really')),
    want: [`${DIR}k1.json: infraReason: only allowed when status is "infra-error"`],
  },
  {
    name: 'contamination on a completed record',
    files: () => edit(base(), (r) => (r.contamination = [{ canary: 'user-home', foundIn: 'wire' }])),
    want: [`${DIR}k1.json: contamination: only allowed when status is "contaminated"`],
  },
  {
    name: 'a trial id with upper-case letters',
    files: () => edit(base(), (r) => (r.trial.id = 'FX-Trial-1')),
    want: [`${DIR}k1.json: trial.id: must be 6–100 chars of [a-z0-9-]`],
  },
  {
    name: 'k = 0',
    files: () => edit(base(), (r) => (r.trial.k = 0)),
    want: [`${DIR}k1.json: trial.k: Too small: expected number to be >0`],
  },
  {
    name: 'a malformed scenario hash',
    files: () => edit(base(), (r) => (r.trial.scenarioHash = 'sha256:xyz')),
    want: [`${DIR}k1.json: trial.scenarioHash: must be "sha256:" and 64 hex digits`],
  },
  {
    name: 'a malformed spec commit',
    files: () => edit(base(), (r) => (r.trial.specCommit = 'main')),
    want: [`${DIR}k1.json: trial.specCommit: must be a 40-hex commit`],
  },
  {
    name: 'an unknown isolation kind',
    files: () => edit(base(), (r) => (r.trial.isolation = 'vm')),
    want: [`${DIR}k1.json: trial.isolation: Invalid option: expected one of "netns"|"docker"|"none"`],
  },
  {
    name: 'a benchmark version that is not semver',
    files: () => edit(base(), (r) => (r.trial.benchmarkVersion = 'latest')),
    want: [`${DIR}k1.json: trial.benchmarkVersion: must be a semver version, e.g. "1.2.0"`],
  },
  {
    name: 'a negative evidence index',
    files: () => edit(base(), (r) => (r.verdicts[0].evidence = [-1])),
    want: [`${DIR}k1.json: verdicts[0].evidence[0]: Too small: expected number to be >=0`],
  },
  {
    name: 'a malformed canary value',
    files: () => edit(base(), (r) => (r.canaries = [{ where: 'user-home', value: 'hunter2' }])),
    want: [
      `${DIR}k1.json: canaries[0].value: must be "mcpfs-canary-" (or, the proxy key, "mcpfs-proxy-key-") and 24 hex digits`,
    ],
  },
  {
    name: "a record naming another record's transcript",
    files: () =>
      edit(agentBase(), (r) => (r.sidecars.transcript = 'k2.transcript.jsonl'), A_REC_PATH).set(
        A_REC_PATH.replace('k1.json', 'k2.transcript.jsonl'),
        piTranscript(2),
      ),
    want: [
      `${ADIR}k1.json: sidecars.transcript: "k2.transcript.jsonl" is not this record's transcript: k1.json's is "k1.transcript.jsonl" (one per record, never shared)`,
      `${ADIR}k1.json: usage.inputTokens: 2000, but the transcript (${ADIR}k2.transcript.jsonl) counts 4000\n  hint: the runner stores what the transcript sums to; the record or the transcript was edited`,
      `${ADIR}k1.transcript.jsonl: orphan file: no record names it as a sidecar\n  hint: delete it, or add it to its record's "sidecars"`,
    ],
  },
  {
    name: 'a wire log that is not JSONL at all (a HTML page)',
    files: () => base().set(WIRE, '<html><body>not a log</body></html>\n'),
    want: [`${DIR}k1.wire.jsonl: line 1: invalid JSON: Unexpected token '<'`],
  },
];
