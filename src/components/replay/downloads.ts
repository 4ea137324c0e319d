import type { TrialRow } from '../../bench/derive/dataset.ts';
import { trialFileUrl } from '../../site/urls.ts';

/** The download endpoints of a trial (see src/pages/trials/[id]/*.ts). */
export function trialDownloads(t: TrialRow): { label: string; href: string }[] {
  const files = [
    'record.json',
    'wire.jsonl',
    ...(t.files.transcript ? (['transcript.jsonl'] as const) : []),
    ...(t.files.snapshot ? (['snapshot.jsonl'] as const) : []),
    ...(t.files.verification ? (['verification.jsonl'] as const) : []),
    ...(t.files.model ? (['model.jsonl', 'trajectory.atif.json'] as const) : []),
    'trial.har',
  ] as const;
  return files.map((f) => ({ label: f, href: trialFileUrl(t.id, f) }));
}
