// /trials/<id>/record.json: the trial record as stored (bytes unchanged).
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { loadTrial, trialStaticPaths } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths();

export const GET: APIRoute = ({ props }) =>
  new Response(loadTrial((props as { trial: TrialRow }).trial).texts.record, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
