// /trials/<id>/trial.har: the wire log as HAR 1.2, for browser devtools and HAR viewers.
import type { APIRoute } from 'astro';
import type { TrialRow } from '../../../bench/derive/dataset.ts';
import { toHar } from '../../../bench/replay/har.ts';
import { loadTrial, trialStaticPaths } from '../../../components/replay/load.ts';

export const getStaticPaths = () => trialStaticPaths();

export const GET: APIRoute = ({ props }) => {
  const t = loadTrial((props as { trial: TrialRow }).trial);
  const row = t.row;
  const har = t.log
    ? toHar(
        t.log,
        { name: 'mcp-from-scratch', version: row.benchmarkVersion },
        `trial ${row.id}: ${row.subject.id} on ${row.revision}/${row.role}/${row.scenario}`,
      )
    : {
        log: {
          version: '1.2',
          creator: { name: 'mcp-from-scratch', version: row.benchmarkVersion },
          pages: [],
          entries: [],
        },
      };
  return new Response(JSON.stringify(har, null, 1), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
