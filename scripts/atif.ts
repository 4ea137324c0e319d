// npm run atif -- <results/…/k<n>.json> [--out <file>]
// A trial's model traffic (its `k<n>.model.jsonl`, every exchange between the harness and the trial's model proxy) as an
// ATIF v1.4 trajectory (Harbor's Agent Trajectory Interchange Format), for tools that read trajectories: printed, or
// written to --out (whole or not at all). The site publishes the same file as /trials/<id>/trajectory.atif.json.
// Exit 2 (path-first message) for a record that is unreadable or has no model traffic.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { atifTrajectory } from '../src/bench/model-traffic/atif.ts';
import { parseModelTraffic } from '../src/bench/model-traffic/parse.ts';
import { PRICE_TABLE } from '../src/bench/cost/prices.ts';
import { AtifTrajectorySchema } from '../src/bench/schema/atif.ts';
import { TrialRecordSchema } from '../src/bench/schema/trial.ts';
import { parseCliWithPositionals, runCli } from '../src/harness/cli-args.ts';
import { RunnerInputError } from '../src/harness/errors.ts';
import { writeFilesAtomic } from '../src/harness/io/write.ts';

const USAGE = 'npm run atif -- results/2025-11-25/server/tools-basics/none/<subject>/k1.json [--out trajectory.json]';

runCli('atif', async () => {
  const { values, positionals } = parseCliWithPositionals(process.argv.slice(2), { out: { type: 'string' } }, USAGE);
  const path = positionals[0];
  if (!path || positionals.length > 1) throw new RunnerInputError('one record path expected', USAGE);
  if (!existsSync(path)) throw new RunnerInputError(`${path}: no such file`, USAGE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new RunnerInputError(`${path}: not JSON: ${(e as Error).message}`);
  }
  const rec = TrialRecordSchema.safeParse(raw);
  if (!rec.success)
    throw new RunnerInputError(
      `${path}: ${rec.error.issues[0]?.path.join('.') ?? ''}: ${rec.error.issues[0]?.message ?? 'invalid'}`,
    );
  const record = rec.data;
  if (!record.sidecars.model)
    throw new RunnerInputError(
      `${path}: sidecars.model: absent: this trial's model traffic did not go through the proxy`,
      'only trials whose subject talked to a model through the trial proxy have a trajectory',
    );
  const modelPath = join(dirname(path), record.sidecars.model);
  if (!existsSync(modelPath)) throw new RunnerInputError(`${modelPath}: missing (the record names it)`);
  const parsed = parseModelTraffic(modelPath, readFileSync(modelPath, 'utf8'));
  if (!parsed.traffic) {
    const p = parsed.problems[0]!;
    throw new RunnerInputError(`${p.file}: ${p.field ? `${p.field}: ` : ''}${p.message}`);
  }
  const s = record.subject;
  const trajectory = AtifTrajectorySchema.parse(
    atifTrajectory({
      trial: record.trial.id,
      subject: s,
      startedAt: record.trial.startedAt,
      exchanges: parsed.traffic.exchanges,
      price: PRICE_TABLE.models.find((m) => m.model === `${s.provider}/${s.model}`),
    }),
  );
  const text = `${JSON.stringify(trajectory, null, 2)}\n`;
  if (values.out) {
    writeFilesAtomic([{ path: resolve(values.out), content: text }]);
    console.error(`wrote ${values.out} (${trajectory.steps.length} steps)`);
  } else process.stdout.write(text);
  return 0;
});
