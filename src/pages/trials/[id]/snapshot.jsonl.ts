// /trials/<id>/snapshot.jsonl: the solution snapshot sidecar as stored (only for trials that have one).
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { trialStaticPaths, trialTexts } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths((t) => t.files.snapshot !== undefined);

export const GET: APIRoute = ({ props }) =>
  new Response(trialTexts((props as { trial: TrialRow }).trial).snapshot ?? '', {
    headers: { 'Content-Type': 'application/jsonl; charset=utf-8' },
  });
