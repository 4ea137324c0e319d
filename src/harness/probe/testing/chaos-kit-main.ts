// Child process of the chaos kit: probes the chaos server with every (behaviour, revision, scenario) it is given and
// builds each record as the trial runner's process does (judged, serialised, written to `dir`). One JSON line per run
// on stdout, then one `done` line with the peak RSS. Apart from the chaos server and from derive's read-back (the
// parent does that), so the RSS is the prober's alone. Argument: JSON of `ChaosKitConfig`.
import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import { probe as probe2025 } from '../2025-11-25/index.ts';
import { probe as probe2026 } from '../2026-07-28/index.ts';
import type { ProbeLimits } from '../common/budget.ts';
import { peakRssMiB, writeRecord, type RecordCheck, type WrittenRecord } from '../../io/testing/record-check.ts';
import { scenariosOf } from '../../io/scenarios.ts';
import { thrownText } from '../../../bench/errors.ts';

export interface ChaosKitConfig {
  /** Chaos server base URL. */
  base: string;
  /** Folder for the records and wire logs the runs write. */
  dir: string;
  behaviours: string[];
  /** Scenario ids to run (default: every server scenario of both revisions). */
  scenarios?: string[];
  /** Run behaviour i on the (i mod n)-th scenario of each revision only, instead of on every scenario. */
  rotate?: boolean;
  limits: Partial<ProbeLimits>;
  /** Runs in flight at once. */
  concurrency: number;
  /** A run still going after this long is a hang. */
  hangMs: number;
}

/** One line per run (the record check is added by the parent, from `written`). */
export interface ChaosRunLine extends Partial<RecordCheck> {
  kind: 'run';
  behaviour: string;
  revision: string;
  scenario: string;
  outcome: 'ok' | 'crash' | 'hang';
  error?: string;
  ms: number;
  written?: WrittenRecord;
}

const cfg = JSON.parse(process.argv[2] ?? '{}') as ChaosKitConfig;
const emit = (line: object): void => void process.stdout.write(JSON.stringify(line) + '\n');
const inflight = new Set<string>();
// A crash outside any promise (an exception in a socket callback) would kill the probe process in production; here it
// is counted against every run in flight, and the kit goes on so one run cannot hide the others.
process.on('uncaughtException', (e) => emit({ kind: 'uncaught', error: thrownText(e), running: [...inflight] }));
process.on('unhandledRejection', (e) => emit({ kind: 'uncaught', error: thrownText(e), running: [...inflight] }));

const all: { scenario: Scenario; probe: (s: Scenario, url: string, l: Partial<ProbeLimits>) => Promise<WireLog> }[] = [
  ...scenariosOf('2025-11-25', 'server').map((scenario) => ({ scenario, probe: probe2025 })),
  ...scenariosOf('2026-07-28', 'server').map((scenario) => ({ scenario, probe: probe2026 })),
].filter((x) => !cfg.scenarios || cfg.scenarios.includes(x.scenario.id));

let n = 0;
async function one(behaviour: string, s: (typeof all)[number]): Promise<ChaosRunLine> {
  const name = `r${n++}`;
  const base = { kind: 'run' as const, behaviour, revision: s.scenario.revision, scenario: s.scenario.id };
  const key = `${behaviour} ${s.scenario.revision}/${s.scenario.id}`;
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  inflight.add(key);
  try {
    const hang = new Promise<'hang'>((r) => (timer = setTimeout(() => r('hang'), cfg.hangMs)));
    const log = await Promise.race([s.probe(s.scenario, `${cfg.base}/${behaviour}/mcp`, cfg.limits), hang]);
    if (log === 'hang') return { ...base, outcome: 'hang', ms: Math.round(performance.now() - t0) };
    const written = writeRecord(cfg.dir, name, s.scenario, log);
    return { ...base, outcome: 'ok', ms: Math.round(performance.now() - t0), written };
  } catch (e) {
    return {
      ...base,
      outcome: 'crash',
      error: thrownText(e),
      ms: Math.round(performance.now() - t0),
    };
  } finally {
    clearTimeout(timer);
    inflight.delete(key);
  }
}

const revisions = [...new Set(all.map((x) => x.scenario.revision))];
const pick = (i: number) =>
  cfg.rotate ? revisions.map((r) => all.filter((x) => x.scenario.revision === r)).map((xs) => xs[i % xs.length]!) : all;
const jobs = cfg.behaviours.flatMap((b, i) => pick(i).map((s) => () => one(b, s)));
let next = 0;
await Promise.all(
  Array.from({ length: Math.max(1, cfg.concurrency) }, async () => {
    while (next < jobs.length) emit(await jobs[next++]!());
  }),
);
emit({ kind: 'done', peakRssMiB: peakRssMiB() });
// Hung runs may hold sockets and timers: leave now.
process.exit(0);
