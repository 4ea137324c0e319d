import type { TrialRecord } from '../../bench/schema/trial.ts';
import { scoreLine } from '../../bench/report/probe-report.ts';

/** The verdict table and score line the probe and reference CLIs print. */
export function formatReport(record: TrialRecord): string {
  const rows = record.verdicts.map((v) => [v.checkpoint, v.spec ?? '(task)', v.level, v.verdict, v.message]);
  const head = ['checkpoint', 'spec', 'level', 'verdict', 'message'];
  const width = head.slice(0, 4).map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 4 ? c.padEnd(width[i]!) : c)).join('  ');
  return [line(head), ...rows.map(line), '', scoreLine(record)].join('\n');
}
