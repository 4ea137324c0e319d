/**
 * The 2026-07-28 server probe plan's vocabulary, shared by the prober (which labels every request with a step and
 * sends these fixtures) and the judges (which find exchanges by step). Pure, so judges never import the harness.
 */
export const STEP = {
  // stateless-tools
  callAdd: 'call-add',
  discover: 'discover',
  toolsList: 'tools-list',
  callEcho: 'call-echo',
  toolsListAgain: 'tools-list-again',
  foreignOrigin: 'foreign-origin',
  versionMismatch: 'version-mismatch',
  versionUnsupported: 'version-unsupported',
  versionMissing: 'version-missing',
  methodMissing: 'method-header-missing',
  unknownMethod: 'unknown-method',
  capabilitiesMissing: 'capabilities-missing',
  sessionIdIgnored: 'session-id-ignored',
  get: 'get',
  del: 'delete',
  // stateless-tools: notification POSTs and a 2025-style initialize
  notificationDefined: 'notification-defined',
  notificationMalformed: 'notification-malformed',
  initializeLegacy: 'initialize-legacy',
  // param-headers
  callPlain: 'call-plain',
  callBase64Param: 'call-base64-param',
  callBase64Name: 'call-base64-name',
  callLowercase: 'call-lowercase',
  callParamMissing: 'call-param-missing',
  callParamMismatch: 'call-param-mismatch',
  callParamNull: 'call-param-null',
  callParamAbsent: 'call-param-absent',
  callIntegerFloat: 'call-integer-float',
  callNameMismatch: 'call-name-mismatch',
  callParamInvalidChars: 'call-param-invalid-chars',
  // multi-round-trip
  transferInitial: 'transfer-initial',
  transferRetry: 'transfer-retry',
  transferTampered: 'transfer-tampered',
  transferNoElicitation: 'transfer-no-elicitation',
  /** The successful retry sent again (new id, same requestState and answer). */
  transferReplay: 'transfer-replay',
  /** A fresh first call whose requestState one of the variant retries below presents (one fresh state each). */
  transferFresh: 'transfer-fresh',
  /** The fresh state presented on a call for another amount. */
  transferOtherAmount: 'transfer-other-amount',
  /** The fresh state with an answer that is no ElicitResult (`confirm: "yes"`). */
  transferMalformedResponse: 'transfer-malformed-response',
  /** The fresh state with no answer at all (`inputResponses: {}`). */
  transferMissingResponse: 'transfer-missing-response',
  /** The fresh state with the answer plus a key the server never asked for. */
  transferExtraResponse: 'transfer-extra-response',
  // tasks
  taskCreate: 'task-create',
  taskGetImmediate: 'task-get-immediate',
  taskPoll: 'task-poll',
  taskGetUnknown: 'task-get-unknown',
  callWithoutExtension: 'call-without-extension',
  taskGetWithoutExtension: 'task-get-without-extension',
  taskCreateLong: 'task-create-long',
  taskGetLong: 'task-get-long',
  taskCancel: 'task-cancel',
  taskGetCancelled: 'task-get-cancelled',
  taskCancelUnknown: 'task-cancel-unknown',
  taskUpdateUnknown: 'task-update-unknown',
  /** A task whose square is out of range (a tool error), and its polls. */
  taskCreateOutOfRange: 'task-create-out-of-range',
  taskPollOutOfRange: 'task-poll-out-of-range',
  /** A task whose computation crashes (x = 13), and its polls. */
  taskCreateCrash: 'task-create-crash',
  taskPollCrash: 'task-poll-crash',
  // streaming
  countdownFull: 'countdown-full',
  statusFull: 'job-status-full',
  countdownCut: 'countdown-cut',
  statusCutEarly: 'job-status-cut-early',
  statusCutLate: 'job-status-cut-late',
  // subscriptions (also discover, tools-list, countdown-cut)
  listenTools: 'listen-tools',
  listenNothing: 'listen-nothing',
  installPlugin: 'install-plugin',
  toolsListAfterInstall: 'tools-list-after-install',
  callPlugin: 'call-plugin',
} as const;

/** Extension id of Tasks (ext-tasks, declared under clientCapabilities.extensions). */
export const TASKS_EXT = 'io.modelcontextprotocol/tasks';

/** The revision every probe speaks. */
export const PROTOCOL_VERSION = '2026-07-28';
/** A version no server supports. */
export const BOGUS_VERSION = '1900-01-01';
/** A real, older version: a mismatch between header and `_meta` that is not just garbage. */
export const OTHER_VERSION = '2025-11-25';
export const FOREIGN_ORIGIN = 'http://evil.example';
/** A session id an old client might still send; a modern server ignores it. */
export const STALE_SESSION_ID = 'stale-session-1';

export { CODE, DEFINED_RESERVED, META, RESERVED_RANGE, RETIRED_CODES } from './protocol.ts';

/**
 * stateless-tools steps whose request is in order for every defined error code: each standard header present and
 * equal to the body, version 2026-07-28 in header and `_meta`, clientCapabilities declared, and nothing that needs a
 * client capability (a foreign Origin, an unknown method or a stale session id is none of the codes' cases). A
 * −32020, −32021 or −32022 answering one of them uses the code outside its meaning (260728-basic-124).
 */
export const IN_ORDER_STEPS: readonly string[] = [
  STEP.callAdd,
  STEP.discover,
  STEP.toolsList,
  STEP.callEcho,
  STEP.toolsListAgain,
  STEP.foreignOrigin,
  STEP.unknownMethod,
  STEP.sessionIdIgnored,
];

/**
 * stateless-tools steps that speak as a 2025-11-25 client would (an `initialize` without the 2026 headers). A dual-era
 * server may answer them by that revision (an InitializeResult without resultType, a session id): the 2026 rules on
 * every result and on session ids skip them; `260728-versioning-154` judges what a modern-only server answers.
 */
export const LEGACY_ERA_STEPS: readonly string[] = [STEP.initializeLegacy];

/** Fixtures the prober sends and the task judges expect back. */
export const FIXTURE = {
  add: { args: { a: 19, b: 23 }, text: '42' },
  echo: { args: { text: 'héllo, wörld ✓' }, text: 'héllo, wörld ✓' },
  unknownMethod: 'foo/bar',
  route: {
    tool: 'route_query',
    plain: { args: { region: 'us-west1', priority: 3, query: 'SELECT 1' }, text: 'us-west1|3|SELECT 1' },
    /** Non-ASCII region: the header must carry the Base64 sentinel. */
    unicode: { args: { region: '東京', priority: 1, query: 'SELECT 2' }, text: '東京|1|SELECT 2' },
    /** Plain args sent with `Mcp-Name` Base64-encoded. */
    encodedName: { args: { region: 'eu-west1', priority: 2, query: 'SELECT 3' }, text: 'eu-west1|2|SELECT 3' },
    lower: { args: { region: 'ap-south1', priority: 4, query: 'SELECT 4' }, text: 'ap-south1|4|SELECT 4' },
    missing: { args: { region: 'eu-west1', priority: 5, query: 'SELECT 5' } },
    mismatch: { args: { region: 'eu-west1', priority: 6, query: 'SELECT 6' }, header: 'us-east1' },
    nullRegion: { args: { region: null, priority: 7, query: 'SELECT 7' }, text: 'global|7|SELECT 7' },
    absentRegion: { args: { priority: 8, query: 'SELECT 8' }, text: 'global|8|SELECT 8' },
    integer: {
      args: { region: 'us-west1', priority: 42, query: 'SELECT 9' },
      header: '42.0',
      text: 'us-west1|42|SELECT 9',
    },
    /** Mcp-Name naming another tool than the body. */
    otherName: 'echo',
    /** A region outside visible ASCII sent raw in Mcp-Param-Region (é as the single byte 0xE9), not Base64-encoded. */
    invalidChars: { args: { region: 'café', priority: 12, query: 'SELECT 12' }, header: 'café' },
  },
  transfer: {
    tool: 'confirm_transfer',
    args: { amount: 250 },
    text: 'transferred 250',
    accept: { action: 'accept', content: { confirm: true } },
    /** An amount the fresh state was not issued for. */
    otherAmount: 999,
    /** An answer to `confirm` that is no ElicitResult. */
    malformed: 'yes',
    /** A key no input request named, with a well-formed ElicitResult. */
    extraKey: 'bogus',
  },
  square: {
    tool: 'slow_square',
    quick: { args: { x: 7, delayMs: 300 }, text: '49' },
    /**
     * The long task works for a minute (the schema's maximum) unless cancelled, and the prober cancels it only after
     * its tasks/get: that get sees it working however slowly the machine runs (the 300 ms quick task may be over by
     * the prober's first tasks/get on a loaded machine).
     */
    long: { args: { x: 5, delayMs: 60_000 } },
    direct: { args: { x: 3, delayMs: 0 } },
    /** The square is above 1000000: the task completes with a tool error of this text. */
    outOfRange: { args: { x: 2000, delayMs: 100 }, text: 'out of range' },
    /** x = 13 crashes the computation: the task fails. */
    crash: { args: { x: 13, delayMs: 100 } },
    unknownTaskId: 'no-such-task-0000',
    /**
     * Polling for a task: tasks/get this far apart, stopping at the first terminal status, after `pollForMs` by the
     * clock or after `polls` gets (the ids' room), whichever comes first. By the clock: on a loaded machine 60 polls
     * took far longer than 60 × 150 ms, and a task that never ends pushed the plan past the scenario's time.
     */
    polls: 60,
    pollMs: 150,
    pollForMs: 5_000,
  },
  /**
   * streaming: countdown `full` runs to the end; countdown `cut` is closed by the probe after `cutAfterProgress`
   * progress notifications (or `cutAfterMs` after the request if fewer came), and job_status asks about it
   * `earlyMs` and `lateMs` after the cut.
   */
  countdown: {
    tool: 'countdown',
    status: 'job_status',
    done: 'liftoff',
    full: { args: { jobId: 'job-a', n: 3 }, token: 'countdown-a' },
    cut: { args: { jobId: 'job-b', n: 40 }, token: 'countdown-b' },
    cutAfterProgress: 2,
    /** Only for a server that sends fewer progress notifications: the cut waits on them, this is its bound. */
    cutAfterMs: 3000,
    earlyMs: 500,
    lateMs: 1500,
  },
  /**
   * subscriptions: two listen streams (one for tool-list changes, one asking for nothing), a plugin installed while
   * they are open, and a countdown cut as in streaming, after which the listen streams stay open `afterCutMs`.
   */
  subscriptions: {
    install: 'install_plugin',
    plugin: 'weather',
    installed: 'installed weather',
    ready: 'weather ready',
    listenTools: { id: 'listen-tools', filter: { toolsListChanged: true } },
    listenNothing: { id: 701, filter: {} },
    countdown: { args: { jobId: 'job-s', n: 40 }, token: 'countdown-s' },
    /**
     * Longest wait for both acknowledgments, and for the change notification after the install: the prober goes on at
     * the event, so only a server that never sends it pays the bound (1 s flipped verdicts at 24 trials at once).
     */
    waitMs: 5000,
    afterCutMs: 1000,
  },
} as const;

/** Header name of a parameter mirrored with `x-mcp-header`. */
export const paramHeader = (name: string) => `Mcp-Param-${name}`;

/**
 * The stateless-tools notification POSTs: a notification the revision defines (unexpected on HTTP, but a valid
 * message the server may accept) and one with a broken envelope (`jsonrpc` "1.0"), which it cannot.
 */
export const NOTIFICATION = {
  defined: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
  malformed: { jsonrpc: '1.0', method: 'notifications/x' },
} as const;

/** What a 2025-11-25 client opens with: `initialize` without MCP-Protocol-Version or Mcp-Method. */
export const LEGACY_INITIALIZE = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'mcpfs-prober-legacy', version: '1' },
} as const;
