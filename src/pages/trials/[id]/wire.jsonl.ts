// /trials/<id>/wire.jsonl: the wire log sidecar as stored.
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { loadTrial, trialStaticPaths } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths();

export const GET: APIRoute = ({ props }) =>
  new Response(loadTrial((props as { trial: TrialRow }).trial).texts.wire, { headers: { 'Content-Type': 'application/jsonl; charset=utf-8' } });
