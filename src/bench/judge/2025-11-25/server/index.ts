import type { Judge } from '../../types.ts';
import { boundToRevision } from './negotiated.ts';
import { initializeEchoesVersion, toolsCapabilityDeclared, unknownVersionCountered } from './lifecycle.ts';
import { missingSessionIdReturns400, sessionIdsDistinct, sessionIdVisibleAscii, terminatedSessionReturns404 } from './sessions.ts';
import {
  eventIdsUnique,
  getStreamNoResponse,
  messageOnOneStream,
  notificationHasNoId,
  primingEventFirst,
  resumeNoCrossReplay,
  streamClosesAfterResponse,
} from './streaming.ts';
import { basicToolsAnswer, countdownStreamsProgress, sessionCountersAnswer, squareViaTask } from './task.ts';
import {
  cancelMovesToCancelled,
  cancelTerminalRejected,
  createdAtEverywhere,
  createReturnsCreateTaskResult,
  getIncludesTtl,
  requiredToolWithoutTask,
  resultBlocksUntilTerminal,
  resultHasRelatedTask,
  taskBeginsWorking,
  tasksCapabilityDeclared,
  unknownTaskInvalidParams,
} from './tasks.ts';
import {
  foreignOriginReturns403,
  getReturnsSseOr405,
  initializedReturns202,
  invalidProtocolVersionReturns400,
  errorHasCodeAndMessage,
  missingProtocolVersionServed,
  requestContentType,
  responseIdEchoed,
} from './transport.ts';

/** Judges for 2025-11-25 server-role checkpoints, keyed by checkpoint slug (spec ones bound to the revision, below). */
const all: Record<string, Judge> = {
  'task-basic-tools-answer': basicToolsAnswer,
  'task-session-counters-answer': sessionCountersAnswer,
  'task-countdown-streams-progress': countdownStreamsProgress,
  'lifecycle-initialize-echoes-version': initializeEchoesVersion,
  'lifecycle-unknown-version-countered': unknownVersionCountered,
  'tools-capability-declared': toolsCapabilityDeclared,
  'notification-initialized-returns-202': initializedReturns202,
  'request-content-type-json-or-sse': requestContentType,
  'jsonrpc-response-id-echoed': responseIdEchoed,
  'origin-foreign-returns-403': foreignOriginReturns403,
  'protocol-version-invalid-returns-400': invalidProtocolVersionReturns400,
  'protocol-version-missing-served': missingProtocolVersionServed,
  'jsonrpc-error-has-code-and-message': errorHasCodeAndMessage,
  'session-ids-distinct': sessionIdsDistinct,
  'session-id-visible-ascii': sessionIdVisibleAscii,
  'session-missing-id-returns-400': missingSessionIdReturns400,
  'session-terminated-returns-404': terminatedSessionReturns404,
  'sse-priming-event-first': primingEventFirst,
  'sse-stream-closes-after-response': streamClosesAfterResponse,
  'sse-event-ids-unique': eventIdsUnique,
  'jsonrpc-notification-has-no-id': notificationHasNoId,
  'get-returns-sse-or-405': getReturnsSseOr405,
  'get-stream-carries-no-response': getStreamNoResponse,
  'message-sent-on-one-stream': messageOnOneStream,
  'resume-never-replays-other-stream': resumeNoCrossReplay,
  'task-square-via-task': squareViaTask,
  'tasks-capability-declared': tasksCapabilityDeclared,
  'tasks-required-tool-without-task-32601': requiredToolWithoutTask,
  'tasks-create-returns-create-task-result': createReturnsCreateTaskResult,
  'tasks-begin-working': taskBeginsWorking,
  'tasks-created-at-in-task-responses': createdAtEverywhere,
  'tasks-get-includes-ttl': getIncludesTtl,
  'tasks-result-blocks-until-terminal': resultBlocksUntilTerminal,
  'tasks-result-has-related-task-meta': resultHasRelatedTask,
  'tasks-cancel-terminal-rejected': cancelTerminalRejected,
  'tasks-cancel-moves-to-cancelled': cancelMovesToCancelled,
  'tasks-unknown-id-invalid-params': unknownTaskInvalidParams,
};

/** The version negotiation sentences themselves: judged whatever the server negotiated. */
const NEGOTIATION = new Set(['lifecycle-initialize-echoes-version', 'lifecycle-unknown-version-countered']);

export const judges: Record<string, Judge> = Object.fromEntries(
  Object.entries(all).map(([slug, j]) => [slug, slug.startsWith('task-') || NEGOTIATION.has(slug) ? j : boundToRevision(j)]),
);
