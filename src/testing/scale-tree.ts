// A real-shaped project tree of any size, for the performance bench and its tests: the project's scenarios, library
// registry and committed results (calibration and library trials, as they are), plus generated agent trials made from
// the committed calibration trials (oracle, null, mutants, pi + scripted model): each clone keeps its template's real
// wire log, re-labelled as an agent's trial (new trial id and note, new canaries, re-chained), so derive re-judges it
// with the real judges against the pinned schema, exactly as it would a model's run. Written only into a temp folder
// (never results/): the agents are made up, which is why this lives in src/testing and nothing here reaches the site.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseWireLog } from '../bench/derive/parse.ts';
import { sealedTrialFiles, sidecarPath } from '../bench/derive/records.ts';
import type { DocsAxis } from '../bench/schema/common.ts';
import type { Subject } from '../bench/schema/subject.ts';
import type { TrialRecord } from '../bench/schema/trial.ts';
import { prng } from '../bench/scoring/prng.ts';
import { loadResultFiles } from '../harness/io/load.ts';
import { writeFilesAtomic } from '../harness/io/write.ts';

/** What a scale tree holds. */
export interface ScaleTree {
  root: string;
  /** Trial records in the tree (committed + generated). */
  trials: number;
  /** Generated agent trials among them. */
  agentTrials: number;
  /** Agent subjects generated. */
  agents: number;
}

/** What a clone copies from the project: everything derive and the site read besides results/. */
const PROJECT_INPUTS = ['scenarios', 'libraries/registry.json', 'libraries/evidence', 'package.json'];
/** Repetitions per agent cell, as a sweep with k = 5 would write. */
const K = 5;
const DOCS: DocsAxis[] = ['none', 'full'];

interface Template {
  record: TrialRecord;
  wire: string;
  transcript?: string;
  /** The model traffic, for a template whose subject talked to the scripted model through the proxy. */
  model?: string;
}

/** Completed calibration trials by `revision/role/scenario`: the templates agent trials are cloned from. */
function templates(files: ReadonlyMap<string, string>): Map<string, Template[]> {
  const out = new Map<string, Template[]>();
  for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!path.endsWith('.json')) continue;
    const record = JSON.parse(text) as TrialRecord;
    // The cheater's transcript is its own format; its wire log is like the oracle's. Libraries are not agents.
    if (record.subject.kind !== 'calibration' || record.subject.id === 'calibration/cheater') continue;
    if (record.status !== 'completed') continue;
    const at = (name?: string) => (name ? files.get(sidecarPath(path, name)) : undefined);
    const key = `${record.trial.revision}/${record.trial.role}/${record.trial.scenario}`;
    const list = out.get(key) ?? [];
    list.push({
      record,
      wire: at(record.sidecars.wire)!,
      transcript: at(record.sidecars.transcript),
      model: at(record.sidecars.model),
    });
    out.set(key, list);
  }
  return out;
}

function agentSubject(n: number): Subject {
  return {
    kind: 'agent',
    id: `agent/pi@1.6.0/bench/model-${n}/off`,
    label: `pi 1.6.0 · bench/model-${n} · off`,
    harness: 'pi',
    harnessVersion: '1.6.0',
    provider: 'bench',
    model: `model-${n}`,
    thinking: 'off',
  };
}

/** A template re-labelled as one agent trial: its files, project-relative. */
function cloneTrial(
  t: Template,
  at: { id: string; subject: Subject; docs: DocsAxis; k: number },
  rand: () => number,
): { path: string; content: string }[] {
  const parsed = parseWireLog('template', t.wire);
  if (!parsed.log) throw new Error(`template ${t.record.trial.id}: wire log does not parse`);
  // The template's own trial note goes; sealedTrialFiles writes the clone's.
  const events = parsed.log.events.filter((e) => !(e.type === 'note' && e.text.startsWith('runner: trial ')));
  const hex = () =>
    Array.from({ length: 24 }, () =>
      Math.floor(rand() * 16)
        .toString(16)
        .slice(0, 1),
    ).join('');
  const { wireChain: _seal, ...record } = t.record;
  const sidecars = {
    wire: `k${at.k}.wire.jsonl`,
    ...(t.transcript !== undefined ? { transcript: `k${at.k}.transcript.jsonl` } : {}),
    ...(t.model !== undefined ? { model: `k${at.k}.model.jsonl` } : {}),
  };
  // A transcript is unique per trial (derive refuses copies): the pi session header gets the clone's own id.
  const transcript = t.transcript?.replace(/"id":"[^"]*"/, `"id":"${at.id}"`);
  const files = sealedTrialFiles(
    {
      ...record,
      trial: { ...record.trial, id: at.id, docs: at.docs, k: at.k, run: undefined },
      subject: at.subject,
      canaries: record.canaries?.map((c) => ({ ...c, value: `mcpfs-canary-${hex()}` })),
      sidecars,
    },
    { header: parsed.log.header, events },
    transcript,
  ).files;
  // The model traffic is the template's as is (its usage sums to the record's, which the clone keeps).
  if (t.model !== undefined) files.push({ path: files[0]!.path.replace(/\.json$/, '.model.jsonl'), content: t.model });
  return files;
}

/**
 * Write a tree of `trials` records under `root` (created if missing): the project's committed results, then agent
 * subjects of (every scenario with calibration templates × both docs axes × k 1–5) until the count is reached.
 * Deterministic for a given project state. `trials` below the committed count writes the committed results only.
 */
export function writeScaleTree(root: string, trials: number, project: string): ScaleTree {
  mkdirSync(root, { recursive: true });
  for (const p of [...PROJECT_INPUTS, 'results'])
    if (existsSync(join(project, p))) cpSync(join(project, p), join(root, p), { recursive: true });
  const files = loadResultFiles(project, []);
  const committed = [...files.keys()].filter((p) => p.endsWith('.json')).length;
  const byScenario = templates(files);
  const keys = [...byScenario.keys()].sort();
  const rand = prng(19);
  let made = 0;
  let agents = 0;
  const want = Math.max(0, trials - committed);
  while (made < want) {
    const subject = agentSubject(++agents);
    const batch: { path: string; content: string }[] = [];
    for (const docs of DOCS)
      for (let k = 1; k <= K; k++)
        for (const [s, key] of keys.entries()) {
          if (made >= want) break;
          const list = byScenario.get(key)!;
          // Vary which template a cell gets, so subjects differ in score the way real agents do.
          const t = list[(agents * 7 + s + k * 3 + (docs === 'full' ? 1 : 0)) % list.length]!;
          const id = `bench-${String(agents).padStart(3, '0')}-${String(made).padStart(6, '0')}`;
          batch.push(...cloneTrial(t, { id, subject, docs, k }, rand));
          made++;
        }
    writeFilesAtomic(batch.map((f) => ({ path: join(root, f.path), content: f.content })));
  }
  return { root, trials: committed + made, agentTrials: made, agents };
}
