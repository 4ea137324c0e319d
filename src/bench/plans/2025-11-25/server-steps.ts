/**
 * The probe plan's vocabulary, shared by the prober (which labels every request with a step) and the judges (which
 * find exchanges by step). Kept here, on the pure side, so both sides agree without the judges importing the harness.
 */
export const STEP = {
  initialize: 'initialize',
  initialized: 'initialized',
  toolsList: 'tools-list',
  callAdd: 'call-add',
  callEcho: 'call-echo',
  initializeUnknownVersion: 'initialize-unknown-version',
  foreignOrigin: 'foreign-origin',
  badProtocolVersion: 'bad-protocol-version',
  noProtocolVersion: 'no-protocol-version',
  unknownMethod: 'unknown-method',
  notificationBadJsonrpc: 'notification-bad-jsonrpc',
  notificationUnknown: 'notification-unknown-method',
  idZero: 'id-zero',
  idPast32Bits: 'id-past-32-bits',
  idMaxSafe: 'id-max-safe-integer',
  idLongText: 'id-long-text',
  // sessions
  getBeforeInitialized: 'get-before-initialized',
  initializeB: 'initialize-b',
  initializedB: 'initialized-b',
  incrementA1: 'increment-a-1',
  incrementA2: 'increment-a-2',
  incrementB1: 'increment-b-1',
  noSessionId: 'no-session-id',
  deleteSession: 'delete-session',
  afterDelete: 'after-delete',
  // streaming
  getStream: 'get-stream',
  countdownA: 'countdown-a',
  countdownB: 'countdown-b',
  resume: 'resume',
  // tasks
  taskStatusStream: 'task-status-stream',
  callWithoutTask: 'call-without-task',
  callPlainAsTask: 'call-plain-as-task',
  listWithTask: 'list-with-task',
  taskCreate: 'task-create',
  taskGet: 'task-get',
  taskResult: 'task-result',
  taskPollTerminal: 'task-poll-terminal',
  taskResultTerminal: 'task-result-terminal',
  taskCancelTerminal: 'task-cancel-terminal',
  taskCreateLong: 'task-create-long',
  taskCancel: 'task-cancel',
  taskGetCancelled: 'task-get-cancelled',
  taskGetMetaConflict: 'task-get-meta-conflict',
  taskGetAfterWork: 'task-get-after-work',
  taskCreateCrash: 'task-create-crash',
  taskPollCrash: 'task-poll-crash',
  taskResultCrash: 'task-result-crash',
  taskGetUnknown: 'task-get-unknown',
  // cancellation
  cancelTarget: 'cancel-target',
  cancelInFlight: 'cancel-in-flight',
  cancelControl: 'cancel-control',
  cancelUnknown: 'cancel-unknown',
  cancelFinished: 'cancel-finished',
  afterCancels: 'after-cancels',
  // poll-resume
  pollA: 'poll-a',
  pollResumeA: 'poll-resume-a',
  pollB: 'poll-b',
  pollResumeB: 'poll-resume-b',
  getIdle: 'get-idle',
  getReconnect: 'get-reconnect',
} as const;

/** The revision every probe asks for. */
export const PROTOCOL_VERSION = '2025-11-25';
/** A version no server supports. */
export const BOGUS_VERSION = '1900-01-01';
/** A foreign Origin, as a DNS-rebinding page would send. */
export const FOREIGN_ORIGIN = 'http://evil.example';

/** Fixtures the prober sends and the task judges expect back. */
export const FIXTURE = {
  add: { args: { a: 19, b: 23 }, text: '42' },
  echo: { args: { text: 'héllo, wörld ✓' }, text: 'héllo, wörld ✓' },
  /** A method no server implements: its answer is a JSON-RPC error (251125-basic-89, -91 need one). */
  unknownMethod: 'foo/bar',
  /** A notification no server implements (a valid message it may accept or refuse, 251125-transports-98). */
  unknownNotification: 'notifications/mcpfs-unknown',
  /** How long the sessions probe holds a GET stream open between initialize and initialized (251125-lifecycle-160). */
  beforeInitializedMs: 300,
  countdownA: { n: 3, token: 'progress-a' },
  countdownB: { n: 2, token: 'progress-b' },
  countdownText: 'liftoff',
  /**
   * slow_square: a quick task (finishes while the prober waits on tasks/result) and a long one (cancelled). The quick
   * one works 2 s: tasks/get and tasks/result, sent right after its creation, must find it working on a loaded
   * machine too (at 300 ms, a loaded prober's tasks/get once came after the end, and a mutant escaped).
   */
  squareQuick: { args: { x: 7, delayMs: 2000 }, text: '49' },
  /** x = 13 crashes the computation (the prompt's failure case): the task fails with a JSON-RPC error (…-862). */
  squareCrash: { args: { x: 13, delayMs: 300 } },
  /** Works 4 s: cancelled right after its creation, which must come while it works, on a loaded machine too. */
  squareLong: { args: { x: 5, delayMs: 4000 } },
  /** How long after creating the long task the prober asks for it again: its work would have ended (…-496). */
  afterLongWorkMs: 4500,
  squareDirect: { args: { x: 3, delayMs: 0 } },
  /** add called as a task: the tool is not task-capable (251125-tasks-115b). */
  addAsTask: { args: { a: 2, b: 3 } },
  taskTtl: 60_000,
  /**
   * tasks/get polls until the quick task is terminal: 100 ms apart for 6 s by the clock (far past its 2 s), at most 60
   * (the ids' room), stopping at the first terminal status. By the clock, not by count: on a loaded machine 60 polls
   * took far longer than 6 s.
   */
  terminalPolls: { count: 60, gapMs: 100, forMs: 6_000 },
  unknownTaskId: 'no-such-task-0000',
  /**
   * cancellation: long_countdown(5) runs 1.5 s and is cancelled 600 ms in; the prober then waits for its stream to
   * end, at most 2.5 s (past the 1.5 s a call that ignored the cancellation needs to answer). long_countdown(8) runs
   * 2.4 s with a cancellation of an unknown id sent 200 ms in (long_countdown(2) until issue 31: on a loaded machine
   * its 600 ms were over before the cancellation arrived); long_countdown(1) follows the cancellations.
   */
  cancelTarget: { args: { n: 5 }, cancelAfterMs: 600, waitMs: 2500 },
  cancelControl: { args: { n: 8 }, cancelAfterMs: 200 },
  cancelAfter: { args: { n: 1 } },
  cancelReason: 'the user called it off',
  /** A request id the prober never used. */
  unknownRequestId: 'no-such-request-0000',
  /**
   * poll-resume: slow_countdown(6) runs 1.8 s, longer than the second a response connection may stay open;
   * slow_countdown(4) is dropped by the prober after its first progress notification and resumed.
   */
  pollA: { n: 6, token: 'poll-a' },
  pollB: { n: 4, token: 'poll-b' },
  /**
   * Resumption: wait the server's retry (at most maxRetryMs; 500 ms without one), at most maxResumes times. The idle
   * standalone GET is held idleGetMs and its reconnection reconnectHoldMs, each counted from its response head.
   */
  poll: { defaultRetryMs: 500, maxRetryMs: 2000, maxResumes: 5, idleGetMs: 2500, reconnectHoldMs: 500 },
} as const;

/** Request ids the id-echo probe sends (tools/list each), by step: 251125-basic-69 must hold for every one. */
export const ID_PROBES: readonly (readonly [string, number | string])[] = [
  [STEP.idZero, 0],
  [STEP.idPast32Bits, 2 ** 31],
  [STEP.idMaxSafe, Number.MAX_SAFE_INTEGER],
  [STEP.idLongText, `ïd-${'ß✓'.repeat(200)}`],
];

/** Task statuses after which a task never changes (251125-tasks-494's "terminal"). */
export const TERMINAL_TASK_STATUSES = ['completed', 'failed', 'cancelled'] as const;

/** `_meta` key tying messages to a task. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** Media type a GET must accept. */
export const SSE_TYPE = 'text/event-stream';
