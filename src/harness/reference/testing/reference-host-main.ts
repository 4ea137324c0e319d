// Child process of the hostile-client kit: hosts reference servers apart from the attackers and from derive's
// read-back, so its peak RSS is the reference's alone (argument: the folder for records). Commands on stdin, one JSON line each; answers on stdout, one JSON line each:
//   {"start": {"id": "a1", "revision": "2025-11-25", "scenario": "call-tool"}} → {"kind":"ready","id":"a1","url":"http://…/mcp"}
//   {"stop": "a1"} → {"kind":"run","id":"a1","written":{…}}   (the record, built as the trial runner does, and its wire log)
//   {"quit": true} → {"kind":"done","peakRssMiB":…}
import { createInterface } from 'node:readline';
import type { Scenario } from '../../../bench/schema/scenario.ts';
import { peakRssMiB, writeRecord } from '../../io/testing/record-check.ts';
import type { RunningReference } from '../common/lifecycle.ts';
import { startReference2025 } from '../2025-11-25/server.ts';
import { startReference2026 } from '../2026-07-28/server.ts';
import { scenariosOf } from '../../io/scenarios.ts';
import { thrownText } from '../../../bench/errors.ts';

const emit = (line: object): void => void process.stdout.write(JSON.stringify(line) + '\n');
process.on('uncaughtException', (e) => emit({ kind: 'uncaught', error: thrownText(e) }));
process.on('unhandledRejection', (e) => emit({ kind: 'uncaught', error: thrownText(e) }));

const dir = process.argv[2]!;
const scenarios = new Map<string, Scenario>(
  [...scenariosOf('2025-11-25', 'client'), ...scenariosOf('2026-07-28', 'client')].map((s) => [
    `${s.revision}/${s.id}`,
    s,
  ]),
);
const running = new Map<string, { scenario: Scenario; ref: RunningReference }>();

async function start(id: string, revision: string, scenarioId: string): Promise<void> {
  const scenario = scenarios.get(`${revision}/${scenarioId}`);
  if (!scenario) return emit({ kind: 'error', id, error: `unknown scenario ${revision}/${scenarioId}` });
  const ref = revision === '2025-11-25' ? await startReference2025(scenario.id) : await startReference2026(scenario);
  running.set(id, { scenario, ref });
  emit({ kind: 'ready', id, url: ref.url });
}

async function stop(id: string): Promise<void> {
  const r = running.get(id);
  if (!r) return emit({ kind: 'error', id, error: 'not running' });
  running.delete(id);
  const t0 = performance.now();
  try {
    const log = await r.ref.stop();
    emit({
      kind: 'run',
      id,
      outcome: 'ok',
      stopMs: Math.round(performance.now() - t0),
      written: writeRecord(dir, id, r.scenario, log),
    });
  } catch (e) {
    emit({ kind: 'run', id, outcome: 'crash', error: thrownText(e) });
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const cmd = JSON.parse(line) as {
    start?: { id: string; revision: string; scenario: string };
    stop?: string;
    quit?: boolean;
  };
  if (cmd.start)
    void start(cmd.start.id, cmd.start.revision, cmd.start.scenario).catch((e) =>
      emit({ kind: 'run', id: cmd.start!.id, outcome: 'crash', error: String(e) }),
    );
  else if (cmd.stop) void stop(cmd.stop);
  else if (cmd.quit) {
    emit({ kind: 'done', peakRssMiB: peakRssMiB() });
    process.exit(0);
  }
}
