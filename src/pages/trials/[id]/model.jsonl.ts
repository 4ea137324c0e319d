// /trials/<id>/model.jsonl: the model-traffic sidecar as stored (only for trials whose model traffic went through the
// trial's proxy).
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { trialStaticPaths, trialTexts } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths((t) => t.files.model !== undefined);

export const GET: APIRoute = ({ props }) =>
  new Response(trialTexts((props as { trial: TrialRow }).trial).model ?? '', {
    headers: { 'Content-Type': 'application/jsonl; charset=utf-8' },
  });
