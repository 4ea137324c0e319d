// /trials/<id>/verification.jsonl: the re-run verification sidecar as stored (only for trials that have one).
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { trialStaticPaths, trialTexts } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths((t) => t.files.verification !== undefined);

export const GET: APIRoute = ({ props }) =>
  new Response(trialTexts((props as { trial: TrialRow }).trial).verification ?? '', {
    headers: { 'Content-Type': 'application/jsonl; charset=utf-8' },
  });
