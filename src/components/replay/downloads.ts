import type { TrialRow } from '../../bench/derive/dataset.ts';
import { trialUrl } from '../../site/urls.ts';

/** The download endpoints of a trial (see src/pages/trials/[id]/*.ts). */
export function trialDownloads(t: TrialRow): { label: string; href: string }[] {
  const base = trialUrl(t.id);
  return [
    { label: 'record.json', href: `${base}record.json` },
    { label: 'wire.jsonl', href: `${base}wire.jsonl` },
    ...(t.files.transcript ? [{ label: 'transcript.jsonl', href: `${base}transcript.jsonl` }] : []),
    { label: 'trial.har', href: `${base}trial.har` },
  ];
}
