// /trials/<id>/trajectory.atif.json: the trial's model traffic as an ATIF v1.4 trajectory (Harbor's format), priced by
// the committed price table (src/bench/model-traffic/atif.ts); only for trials with a model sidecar.
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { trajectoryOf, trialStaticPaths } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths((t) => t.files.model !== undefined);

export const GET: APIRoute = ({ props }) =>
  new Response(`${JSON.stringify(trajectoryOf((props as { trial: TrialRow }).trial) ?? null, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
