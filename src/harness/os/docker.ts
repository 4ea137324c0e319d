// The Docker CLI, run synchronously with a time limit. The harness talks to the engine only through the client
// binary (no socket protocol of our own), so whatever engine `docker` reaches is the one used and recorded.
import { execFile, spawnSync } from 'node:child_process';

export interface DockerResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run `docker <args>`; never throws (a missing client is status null with the spawn error in stderr). */
export function docker(args: readonly string[], timeoutMs = 60_000, input?: string): DockerResult {
  const r = spawnSync('docker', args, { encoding: 'utf8', timeout: timeoutMs, input, maxBuffer: 64 << 20 });
  return { status: r.status, stdout: r.stdout, stderr: r.error ? r.error.message : r.stderr };
}

/**
 * `docker <args>` without blocking the event loop; never rejects. What trials call while other trials run beside them
 * (`--jobs n`): a `docker run` takes a few hundred ms, and run synchronously it froze every concurrent prober and
 * reference server for that long, so timed checks (a task still working 300 ms after its creation) missed their window.
 */
export function dockerAsync(args: readonly string[], timeoutMs = 60_000): Promise<DockerResult> {
  return new Promise((resolve) => {
    execFile('docker', args, { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const status = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ status, stdout, stderr: status === null ? err!.message : stderr });
    });
  });
}

/** A Docker engine answers (the client exists and the daemon replied within 5 s). */
export function engineAnswers(): boolean {
  return docker(['version', '--format', '{{.Server.Version}}'], 5_000).status === 0;
}

/** The content id (`sha256:…`) of a local image, or undefined when there is none by that name. */
export function localImageId(ref: string): string | undefined {
  const r = docker(['image', 'inspect', '--format', '{{.Id}}', ref], 15_000);
  return r.status === 0 ? r.stdout.trim() : undefined;
}
