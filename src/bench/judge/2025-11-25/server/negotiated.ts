import { wrapJudge } from '../../define.ts';
import { brief } from '../../jsonrpc.ts';
import { notApplicable, type Judge } from '../../types.ts';
import { resultOfStep } from '../../common/server/find.ts';
import { PROTOCOL_VERSION, STEP } from '../../../plans/2025-11-25/server-steps.ts';

/**
 * A 2025-11-25 sentence binds a server only in a session that negotiated 2025-11-25. When the main initialize was
 * answered with another version (e.g. 2025-06-18, which has no priming-event rule), the server's later behaviour is
 * governed by that revision's text, which this benchmark does not pin: the checkpoint is not-applicable, and the task
 * checkpoint fails instead (the task is to speak 2025-11-25). Without a usable InitializeResult the judge decides as
 * usual (a server that never answered fails as "Not testable", as before). A contested judge's strict form is bound
 * the same way.
 */
export function boundToRevision(judge: Judge): Judge {
  return wrapJudge(judge, (inner) => (input) => {
    const r = resultOfStep(input.exchanges, STEP.initialize, 'initialize');
    const v = r.ok ? r.result.protocolVersion : undefined;
    if (r.ok && typeof v === 'string' && v !== PROTOCOL_VERSION)
      return notApplicable(
        `the server negotiated protocol version ${brief(v)}, not ${PROTOCOL_VERSION}: this revision's sentences do not bind the session`,
        [r.ex.x],
      );
    return inner(input);
  });
}
