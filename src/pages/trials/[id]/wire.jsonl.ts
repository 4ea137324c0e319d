// /trials/<id>/wire.jsonl: the wire log sidecar as stored.
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { trialStaticPaths, trialTexts } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths();

export const GET: APIRoute = ({ props }) =>
  new Response(trialTexts((props as { trial: TrialRow }).trial).wire, {
    headers: { 'Content-Type': 'application/jsonl; charset=utf-8' },
  });
