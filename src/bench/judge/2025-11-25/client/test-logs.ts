import { LogBuilder } from '../../common/client/log-builder.ts';
import { toExchanges } from '../../exchanges.ts';
import type { JudgeResult } from '../../types.ts';
import type { Scenario } from '../../../schema/scenario.ts';
import { judges } from './index.ts';

/** Hand-made 2025-11-25 client-role logs for judge unit tests (test support; pure), built with the common LogBuilder. */
export { LogBuilder, POST_HEADERS, type Reply } from '../../common/client/log-builder.ts';

export const SECRET = 'S3cr3t-value';
export const toolResult = (id: unknown, text: string) => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text }] },
});

/** The call-tool happy path: initialize, initialized, get_secret, submit_answer. */
export function happyPath(b = new LogBuilder(), opts: { session?: string } = {}): LogBuilder {
  b.initialize(opts.session ? { session: opts.session } : {});
  b.initialized();
  b.call(2, 'get_secret', {}, SECRET);
  b.call(3, 'submit_answer', { answer: SECRET }, 'accepted');
  return b;
}

/** Run one 2025-11-25 client judge on a built log (a bare scenario: the judges read only the log). */
export function runJudge(slug: string, b: LogBuilder): JudgeResult {
  const log = b.log();
  const scenario = { id: 't', revision: '2025-11-25', role: 'client', checkpoints: [] } as unknown as Scenario;
  const j = judges[slug];
  if (!j) throw new Error(`no judge ${slug}`);
  return j({
    log,
    exchanges: toExchanges(log),
    scenario,
    checkpoint: { slug, kind: 'spec', level: 'MUST', spec: null, rule: 'r' },
  });
}
