// /trials/<id>/record.json: the trial record as stored (bytes unchanged).
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { trialStaticPaths, trialTexts } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths();

export const GET: APIRoute = ({ props }) =>
  new Response(trialTexts((props as { trial: TrialRow }).trial).record, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
