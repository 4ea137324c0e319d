// Test-only: broken solution snapshots and re-run verifications, each refused path-first (see malformed.test.ts).
// What a contributor could commit by hand: another trial's snapshot, lines dropped or reordered, a canary left in,
// a verification of an older version of the record, an edited re-run log, a verification with no record.
import { ADIR, agentBase } from './forged-corpus.ts';
import { DIR, type Case } from './malformed-corpus.ts';
import { A_REC, A_SNAP, A_VER, CANARY, snapshotFiles, verifiedAgent } from './verify-fixtures.ts';

type Files = Map<string, string>;

/** Edit the verification's lines (line 1 the header, then the embedded wire log), written back as given. */
function editVerification(f: Files, fn: (lines: Record<string, unknown>[]) => void): Files {
  const lines = f
    .get(A_VER)!
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  fn(lines);
  f.set(A_VER, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return f;
}

const sorted = snapshotFiles();

export const VERIFY_CASES: Case[] = [
  {
    name: 'a snapshot naming another trial',
    files: () => verifiedAgent({ header: { trial: 'fx-another-trial-k1' } }),
    want: [
      `${ADIR}k1.snapshot.jsonl: line 1: trial: "fx-another-trial-k1" is not this record's trial ("fx-fixture-echo-none-agent-pi-1-6-0-prov-model-a-off-k1"): the snapshot belongs to another trial\n  hint: snapshots are written by the harness and never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a snapshot whose header counts other files than it lists',
    files: () => verifiedAgent({ header: { files: 5 } }),
    want: [
      `${ADIR}k1.snapshot.jsonl: line 1: files: the header announces 5 files, the snapshot lists 4: lines were deleted\n  hint: snapshots are written by the harness and never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a snapshot out of path order',
    files: () => verifiedAgent({ lines: [sorted[1]!, sorted[0]!, sorted[2]!, sorted[3]!] }),
    want: [
      `${ADIR}k1.snapshot.jsonl: line 3: path: "TASK.md" comes after "logo.png": files are listed once each, in path order\n  hint: snapshots are written by the harness and never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a snapshot listing one path twice',
    files: () => verifiedAgent({ lines: [sorted[0]!, sorted[1]!, sorted[1]!, sorted[3]!] }),
    want: [
      `${ADIR}k1.snapshot.jsonl: line 4: path: "logo.png" is listed twice: files are listed once each, in path order\n  hint: snapshots are written by the harness and never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a snapshot file with text and a reason it was omitted',
    files: () => verifiedAgent({ lines: [sorted[0]!, sorted[1]!, { ...sorted[2]!, omitted: 'cap' }, sorted[3]!] }),
    want: [
      `${ADIR}k1.snapshot.jsonl: line 4: text: a file with text is not omitted: give one of text and omitted\n  hint: snapshots are written by the harness and never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a snapshot with a planted canary unredacted',
    files: () =>
      verifiedAgent({
        lines: [sorted[0]!, sorted[1]!, sorted[2]!, { ...sorted[3]!, text: `const key = "${CANARY.value}";\n` }],
      }),
    want: [
      `${ADIR}k1.snapshot.jsonl: line 5: holds the planted canary "project-file" unredacted: a snapshot never publishes one\n  hint: the harness redacts canaries from snapshots: re-run the trial with a fixed harness, never edit the file`,
    ],
  },
  {
    name: 'a snapshot with a planted canary in a command line',
    files: () =>
      verifiedAgent({
        header: { processes: [{ role: 'listener', argv: ['node', 'server.mjs', `--key=${CANARY.value}`], cwd: '.' }] },
      }),
    want: [
      `${ADIR}k1.snapshot.jsonl: line 1: processes[0]: holds the planted canary "project-file" unredacted: a snapshot never publishes one\n  hint: the harness redacts canaries from snapshots: re-run the trial with a fixed harness, never edit the file`,
    ],
  },
  {
    name: 'a snapshot with a line that is not a file',
    files: () => {
      const f = verifiedAgent();
      f.set(A_SNAP, f.get(A_SNAP)! + '{"path":"x.txt","size":1,"size":2}\n');
      return f;
    },
    want: [
      `${ADIR}k1.snapshot.jsonl: line 6: size: duplicate key: JSON.parse would silently keep only the last value\n  hint: give each key once`,
    ],
  },
  {
    name: "a record naming another record's snapshot",
    files: () => {
      const f = verifiedAgent({ verification: false });
      const r = JSON.parse(f.get(A_REC)!) as { sidecars: { snapshot: string } };
      r.sidecars.snapshot = 'k2.snapshot.jsonl';
      f.set(A_REC, JSON.stringify(r, null, 2) + '\n');
      f.set(A_SNAP.replace('k1.', 'k2.'), f.get(A_SNAP)!);
      f.delete(A_SNAP);
      return f;
    },
    want: [
      `${ADIR}k1.json: sidecars.snapshot: "k2.snapshot.jsonl" is not this record's snapshot: k1.json's is "k1.snapshot.jsonl" (one per record, never shared)`,
    ],
  },
  {
    name: 'one snapshot under two trials',
    files: () => {
      // k2 names its own snapshot file, but that file is a byte-for-byte copy of k1's.
      const f = new Map([...verifiedAgent({ verification: false }), ...agentBase(2)]);
      const k2 = `${ADIR}k2.json`;
      const r = JSON.parse(f.get(k2)!) as { sidecars: { snapshot?: string } };
      r.sidecars.snapshot = 'k2.snapshot.jsonl';
      f.set(k2, JSON.stringify(r, null, 2) + '\n');
      f.set(`${ADIR}k2.snapshot.jsonl`, f.get(A_SNAP)!);
      return f;
    },
    want: [
      `${ADIR}k2.snapshot.jsonl: the same snapshot as ${ADIR}k1.snapshot.jsonl: one snapshot per trial (one of the two is a copy)\n  hint: find the copy (its record fails other checks, or is the newer one), delete it and its record`,
      `${ADIR}k2.snapshot.jsonl: line 1: trial: "fx-fixture-echo-none-agent-pi-1-6-0-prov-model-a-off-k1" is not this record's trial ("fx-fixture-echo-none-agent-pi-1-6-0-prov-model-a-off-k2"): the snapshot belongs to another trial\n  hint: snapshots are written by the harness and never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a record whose snapshot is missing',
    files: () => {
      const f = verifiedAgent({ verification: false });
      f.delete(A_SNAP);
      return f;
    },
    want: [
      `${ADIR}k1.json: sidecars.snapshot: missing sidecar ${ADIR}k1.snapshot.jsonl\n  hint: commit the snapshot the harness wrote beside the record: it is what \`npm run verify\` re-runs`,
    ],
  },
  {
    name: 'a verification of a changed record',
    files: () => {
      // The record re-serialised after `npm run verify` pinned it: other bytes, so not the version that was verified.
      const f = verifiedAgent();
      f.set(A_REC, JSON.stringify(JSON.parse(f.get(A_REC)!)) + '\n');
      return f;
    },
    want: [
      `${ADIR}k1.verification.jsonl: line 1: record: verification is of another version of the record: sha256:9f981bef3eb96da6a750878c8d9d83e5d8ec7014a1ad5d3416eacf33e9079f8b is not the digest of ${ADIR}k1.json (sha256:89c731979ccb043fae48cd7009279c61cdcc8af9b31862dc94e1c518b80c6c4f)\n  hint: re-run \`npm run verify -- ${ADIR}k1.json\``,
    ],
  },
  {
    name: "a verification of another trial's record",
    files: () => editVerification(verifiedAgent(), (l) => (l[0]!.trial = 'fx-another-trial-k1')),
    want: [
      `${ADIR}k1.verification.jsonl: line 1: trial: "fx-another-trial-k1" is not the trial of ${ADIR}k1.json ("fx-fixture-echo-none-agent-pi-1-6-0-prov-model-a-off-k1"): the verification belongs to another trial\n  hint: verifications are written by \`npm run verify\` and never edited by hand: run it again`,
    ],
  },
  {
    name: 'a verification whose re-run log lost its last line',
    files: () => editVerification(verifiedAgent(), (l) => l.pop()),
    want: [
      `${ADIR}k1.verification.jsonl: line 1: wireChain.events: the header seals 6 events, the embedded log has 5: lines were deleted\n  hint: verifications are written by \`npm run verify\` and never edited by hand: run it again`,
    ],
  },
  {
    name: 'a verification whose re-run log was edited',
    files: () => editVerification(verifiedAgent({ rerun: { status: 202 } }), (l) => (l[4]!.status = 200)),
    want: [
      `${ADIR}k1.verification.jsonl: line 5: h: hash chain broken: the line does not hash to its h from the previous line's h: this line was edited, or a line before it was deleted or inserted\n  hint: records and wire logs are never edited by hand: re-run the trial`,
    ],
  },
  {
    name: 'a verification whose seal names another log',
    files: () =>
      editVerification(verifiedAgent(), (l) => ((l[0]!.wireChain as { head: string }).head = '0'.repeat(16))),
    want: [
      `${ADIR}k1.verification.jsonl: line 1: wireChain.head: 0000000000000000 is not the h of the embedded log's last line (66ce9c75e9297f8f): the log is not the one this verification was written with\n  hint: verifications are written by \`npm run verify\` and never edited by hand: run it again`,
    ],
  },
  {
    name: 'a completed verification without its re-run log',
    files: () => editVerification(verifiedAgent(), (l) => l.splice(1)),
    want: [
      `${ADIR}k1.verification.jsonl: line 2: a completed verification holds the re-run wire log after its header, and this one holds none\n  hint: verifications are written by \`npm run verify\` and never edited by hand: run it again`,
    ],
  },
  {
    name: 'a verification with no record beside it',
    files: () => {
      const f = verifiedAgent();
      f.set(`${DIR}k1.verification.jsonl`, f.get(A_VER)!);
      f.delete(A_VER);
      return f;
    },
    want: [
      `${DIR}k1.verification.jsonl: orphan file: no record names it as a sidecar\n  hint: a verification lies beside the record it verifies (${DIR}k1.json): delete it, or commit it with its record`,
    ],
  },
];
