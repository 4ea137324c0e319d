import { UnknownScenarioError } from '../../../bench/errors.ts';
import type { WireLog } from '../../../bench/schema/wire-event.ts';
import type { WireRecorder } from '../../wire/recorder.ts';
import { startRecordingServer, type RequestHandler } from '../../wire/server.ts';

/**
 * The revision-independent shell of a scripted client-role reference server: the endpoint path, the unknown-scenario
 * error, the `finished` latch, and start/stop with their notes. Each revision supplies only its request handler.
 */

/** MCP endpoint path; `MCP_SERVER_URL` points here. */
export const ENDPOINT = '/mcp';

/** The scenario id names no reference script. */
export { UnknownScenarioError };

export interface RunningReference {
  url: string;
  finished: Promise<void>;
  stop(): Promise<WireLog>;
}

/** `finished` resolves when `markFinished` is called: the trial's goal is done (the runner then stops the client). */
export function finishLatch(): { finished: Promise<void>; markFinished: () => void } {
  let markFinished!: () => void;
  const finished = new Promise<void>((r) => (markFinished = r));
  return { finished, markFinished };
}

/**
 * Serve `handler` on an ephemeral port, recording into `rec`. `stop()` is idempotent: it runs `beforeClose` (e.g. to
 * release requests still waiting on the client), closes the server and returns the wire log.
 */
export async function serveReference(
  rec: WireRecorder,
  scenarioId: string,
  finished: Promise<void>,
  handler: RequestHandler,
  beforeClose?: () => void,
): Promise<RunningReference> {
  const server = await startRecordingServer(rec, handler);
  rec.note('reference started', { data: { scenario: scenarioId } });
  let stopped: Promise<WireLog> | undefined;
  return {
    url: server.url + ENDPOINT,
    finished,
    stop: () => {
      stopped ??= (async () => {
        beforeClose?.();
        await server.close();
        rec.note('reference stopped');
        return rec.log();
      })();
      return stopped;
    },
  };
}
