import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { JudgeRegistry } from '../../bench/judge/types.ts';
import type { DocsAxis } from '../../bench/schema/common.ts';
import type { Scenario } from '../../bench/schema/scenario.ts';
import type { TrialRecord } from '../../bench/schema/trial.ts';
import type { Usage } from '../../bench/schema/usage.ts';
import type { WireLog } from '../../bench/schema/wire-event.ts';
import { buildTrialRecord, newTrialId } from '../io/trial-files.ts';
import type { ClientRoleDriver, ReferenceHandle, RoleDriver, ServerRoleDriver } from '../roles/types.ts';
import { WireRecorder } from '../wire/recorder.ts';
import type { Adapter, AgentContext, AgentRun } from './adapters/types.ts';
import { agentEnv } from './env.ts';
import { crashReason, InfraError, RunnerInputError } from '../errors.ts';
import { freePort, portFree, releasePort, waitFor } from '../os/ports.ts';
import { killAll, pidsWithMarker, TRIAL_MARKER } from '../os/procs.ts';
import { netnsSandbox, noneSandbox, type FsView, type IsolationKind, type Sandbox } from './sandbox.ts';
import { wireJsonl } from '../wire/recorder.ts';
import { dockerSandbox, type DockerSandboxOptions } from './docker-sandbox.ts';
import { findImage } from '../sandbox-image/build.ts';
import { checkMount, createTrialDirs, type TrialDirs } from './workspace.ts';
import { plantCanaries, scanWorkspace, type Planted } from './canaries.ts';
import { canaryHits } from '../../bench/derive/canaries.ts';
import { withTrialNote } from '../../bench/derive/trial-note.ts';
import type { Contamination } from '../../bench/schema/trial.ts';
import { clientWatch, listenersOn } from '../os/sockets.ts';
import { ProcessLog, takeSnapshot } from '../snapshot/take.ts';
import { harnessManifest, type HarnessManifest } from '../snapshot/walk.ts';
import type { ModelBudget } from '../../bench/schema/model-traffic.ts';
import { usageFromTotals } from '../../bench/model-traffic/usage.ts';
import { startTrialProxy, type TrialProxy } from './trial-proxy.ts';

export interface TrialTimeouts {
  /** Agent session limit (default 30 min). */
  sessionMs?: number;
  /** Server role, after the session: how long to wait for the port (default 10 s). */
  portWaitMs?: number;
  /** Server role, `service` subjects (oracle, mutants): how long the server may take to listen (default 20 s). */
  serviceStartMs?: number;
}

export interface TrialOptions {
  driver: RoleDriver;
  scenario: Scenario;
  adapter: Adapter;
  docs: DocsAxis;
  k: number;
  /** Project root (runner version from its package.json). */
  root: string;
  /** Pinned spec folder (for `--docs full`) and its commit. */
  specDir: string;
  specCommit: string;
  /** Judges (default: the benchmark's registry). */
  judges?: JudgeRegistry;
  /** `netns` (default), `docker` or `none`; a sandbox failing is an infra-error, never a silent fallback. */
  isolation?: IsolationKind;
  /** `docker`: the image (default: this recipe's, which must be built) and limits (default `DEFAULT_LIMITS`). */
  docker?: Partial<DockerSandboxOptions>;
  /** Tests: build the sandbox differently (e.g. a broken one). */
  makeSandbox?: (tag: string, dirs: TrialDirs, view: FsView) => Promise<Sandbox>;
  timeouts?: TrialTimeouts;
  /** Server role: use this port instead of a fresh one (tests provoke a port clash with it). */
  port?: number;
  /** Keep the trial folder (workspace and logs) for inspection. */
  keep?: boolean;
  /** Take a solution snapshot (default: for agent subjects; `npm run verify`'s re-runs take none). */
  snapshot?: boolean;
  /** The run manifest's id, when the trial is part of a sweep: the record names it (`trial.run`). */
  run?: string;
  /** Model budget the trial's proxy enforces (subjects that talk to a model). */
  budget?: ModelBudget;
}

export interface TrialResult {
  record: TrialRecord;
  log: WireLog;
  transcript?: string;
  /** The solution snapshot (`<name>.snapshot.jsonl` text), when one was taken. */
  snapshot?: string;
  /** The model proxy's sidecar (`<name>.model.jsonl` text), when the subject talked to a model through it. */
  model?: string;
  /** Pids still alive after cleanup (must be empty; tests assert it). */
  leftovers: number[];
  /** The trial folder (already removed unless `keep`). */
  dirs?: TrialDirs;
}

const sleep = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref());

interface State {
  /** The trial id (the snapshot's header names it). */
  id: string;
  dirs?: TrialDirs;
  sb?: Sandbox;
  run?: AgentRun;
  handle?: ReferenceHandle;
  /** This trial's planted secrets; removed at cleanup. */
  planted?: Planted;
  /** Canaries found in the workspace at session end. */
  workspaceHits?: Contamination[];
  notes: string[];
  wallTimeMs?: number;
  /** Snapshot state (agent trials): what the harness put in the workspace, the processes seen, the snapshot taken. */
  manifest?: HarnessManifest;
  procs?: ProcessLog;
  snapshot?: string;
  /** The port `freePort` reserved for this trial (server role), released at cleanup. */
  port?: number;
  /** The trial's model proxy (subjects that talk to a model). */
  proxy?: TrialProxy;
}

/**
 * One trial end to end: workspace → sandbox → mount check → subject → probe (server role) or reference server
 * (client role) → cleanup of every process → judged record. Harness failures become an `infra-error` record; a
 * subject that does nothing or never listens is a completed trial that fails its checkpoints.
 */
export async function runTrial(o: TrialOptions): Promise<TrialResult> {
  const startedAt = new Date();
  const id = newTrialId(startedAt);
  const marker = randomBytes(5).toString('hex');
  const st: State = { id, notes: [] };
  let log: WireLog | undefined;
  let infraReason: string | undefined;
  let inputError: unknown;
  try {
    log = await execute(o, marker, st);
  } catch (e) {
    if (e instanceof RunnerInputError) inputError = e;
    else infraReason = crashReason(e);
  }
  const { leftovers, usage, transcript, infraReason: agentInfra, model } = await cleanup(o, marker, st);
  if (inputError) throw inputError;
  // An agent-side infra reason (no model reply) with a subject that still answered is judged: derive refuses an
  // infra-error whose log shows answered exchanges (a relabelled failing trial would vanish from the boards).
  if (agentInfra && log?.events.some((e) => e.type === 'response'))
    st.notes.push(`runner: the agent reported "${agentInfra}", but the subject answered: judged as usual`);
  else infraReason ??= agentInfra;
  if (leftovers.length > 0 && !infraReason)
    st.notes.push(`runner: ${leftovers.length} process(es) survived cleanup: ${leftovers.join(' ')}`);
  const isolation = st.sb?.kind ?? o.isolation ?? 'netns';
  const wire = withTrialNote(withNotes(log ?? emptyLog(o.driver), st.notes), {
    trial: id,
    subject: o.adapter.subject.id,
    docs: o.docs,
    k: o.k,
    isolation,
  });
  const canaries = st.planted?.canaries;
  const contamination = canaries
    ? [...(st.workspaceHits ?? []), ...canaryHits(canaries, { wire: wireJsonl(wire), transcript: transcript ?? '' })]
    : [];
  const record = buildTrialRecord(
    {
      scenario: o.scenario,
      subject: o.adapter.subject,
      docs: o.docs,
      k: o.k,
      startedAt,
      endedAt: new Date(),
      specCommit: o.specCommit,
      isolation,
      sandbox: st.sb?.info,
      run: o.run,
      log: wire,
      infraReason,
      usage: {
        ...usage,
        ...(st.wallTimeMs !== undefined && usage?.wallTimeMs === undefined ? { wallTimeMs: st.wallTimeMs } : {}),
      },
      transcript,
      snapshot: st.snapshot !== undefined,
      model: model !== undefined,
      canaries,
      contamination,
      judges: o.judges,
      id,
    },
    o.root,
  );
  return { record, log: wire, transcript, snapshot: st.snapshot, model, leftovers, dirs: st.dirs };
}

async function execute(o: TrialOptions, marker: string, st: State): Promise<WireLog> {
  if (o.driver.role !== o.scenario.role || o.driver.revision !== o.scenario.revision) {
    throw new RunnerInputError(
      `driver ${o.driver.revision} ${o.driver.role} does not match scenario ${o.scenario.revision} ${o.scenario.role} "${o.scenario.id}"`,
    );
  }
  st.dirs = createTrialDirs(o.scenario, o.docs, o.specDir);
  st.planted = plantCanaries(marker, st.dirs, o.root);
  if (o.snapshot ?? o.adapter.subject.kind === 'agent') {
    st.manifest = harnessManifest(st.dirs.dir);
    st.procs = new ProcessLog(st.dirs.dir, secrets(st));
  }
  if (o.adapter.model) await startProxy(o, st);
  const make = o.makeSandbox ?? makeSandbox(o);
  st.sb = await make(
    marker,
    st.dirs,
    subjectView(st.dirs, o.adapter.usesProject ?? false, o.root, o.adapter.mounts ?? []),
  );
  // The proxy is reached at the same port inside as on the host (pi, outside, reaches it directly).
  if (st.proxy) await st.sb.exposeHost(st.proxy.proxy.port);
  return o.driver.role === 'server' ? serverTrial(o, o.driver, marker, st) : clientTrial(o, o.driver, marker, st);
}

/**
 * The trial's model proxy: its dummy key joins the canaries unless the subject holds it inside the sandbox, and a
 * spent budget ends the session there — the trial is then judged as it stands, never an infra-error.
 */
async function startProxy(o: TrialOptions, st: State): Promise<void> {
  try {
    st.proxy = await startTrialProxy({
      subject: o.adapter.subject,
      scripted: o.adapter.model?.scripted,
      modelId: o.adapter.model?.modelId,
      budget: o.budget,
      onExhausted: (end) => {
        st.notes.push(`runner: model budget exhausted (${end.detail}); session ended, judged as it stands`);
        st.run?.stop();
      },
    });
  } catch (e) {
    if (e instanceof RunnerInputError) throw e;
    throw new InfraError(`the model proxy failed to start: ${(e as Error).message}`);
  }
  // Where the subject does not hold the key (pi's sandbox, the cheater), finding it is reaching what it was not given.
  if (!o.adapter.model?.keyInside) st.planted?.canaries.push({ where: 'proxy-key', value: st.proxy.key });
}

/** The sandbox of the requested kind (docker: this recipe's image, which must exist on the engine). */
function makeSandbox(o: TrialOptions): (tag: string, dirs: TrialDirs, view: FsView) => Promise<Sandbox> {
  const isolation = o.isolation ?? 'netns';
  return async (tag, dirs, view) => {
    if (isolation === 'netns') return netnsSandbox(tag, dirs.plumbing, view);
    if (isolation === 'none') return noneSandbox();
    const image = o.docker?.image ?? findImage(o.root);
    if (!image)
      throw new InfraError(
        'sandbox failure: the docker sandbox image for this recipe is not built (run `npm run sandbox-image`)',
      );
    return dockerSandbox(tag, dirs.plumbing, view, { image, limits: o.docker?.limits });
  };
}

function context(o: TrialOptions, st: State, marker: string, vars: Record<string, string>): AgentContext {
  const dirs = st.dirs!;
  return {
    driver: o.driver,
    scenario: o.scenario,
    dirs,
    sandbox: st.sb!,
    env: agentEnv({ marker, home: dirs.home, tmp: dirs.tmp, vars }),
    vars: { ...vars, [TRIAL_MARKER]: marker },
    timeoutMs: o.timeouts?.sessionMs ?? 30 * 60_000,
    ...(st.proxy ? { model: { origin: st.proxy.proxy.origin, key: st.proxy.key } } : {}),
  };
}

/** Run the agent's session to its end, the reference's `finished`, or its time limit; note how it ended. */
async function session(run: AgentRun, ctx: AgentContext, st: State, extra: Promise<unknown>[] = []): Promise<void> {
  const t0 = performance.now();
  const end = await Promise.race([
    run.exited.then((x) => ({ exit: x })),
    sleep(ctx.timeoutMs),
    ...extra.map((p) => p.then(() => 'finished' as const)),
  ]);
  st.wallTimeMs = Math.round(performance.now() - t0);
  if (end === 'timeout') {
    st.notes.push(`runner: session time limit of ${Math.round(ctx.timeoutMs / 1000)} s reached; agent stopped`);
    run.stop();
  } else if (end === 'finished') st.notes.push('runner: reference scenario finished');
  else
    st.notes.push(
      `runner: agent exited (code ${end.exit.code ?? 'none'}${end.exit.signal ? `, signal ${end.exit.signal}` : ''})`,
    );
}

async function serverTrial(o: TrialOptions, driver: ServerRoleDriver, marker: string, st: State): Promise<WireLog> {
  const sb = st.sb!;
  const port = o.port ?? (st.port = await freePort());
  if (!(await portFree(port)))
    throw new InfraError(`port clash: 127.0.0.1:${port} already in use before the agent started`);
  const ctx = context(o, st, marker, { PORT: String(port) });
  await checkMount(sb, st.dirs!.dir, ctx.env);
  const run = (st.run = await o.adapter.start(ctx));
  if (run.mode === 'session') await session(run, ctx, st);
  const up = run.startedNothing
    ? sb.listening(port)
    : await waitFor(
        () => sb.listening(port),
        run.mode === 'service' ? (o.timeouts?.serviceStartMs ?? 20_000) : (o.timeouts?.portWaitMs ?? 10_000),
        run.mode === 'service' ? run.exited : undefined,
      );
  st.notes.push(
    up ? `runner: port ${port} listening; probing` : `runner: nothing listened on port ${port}; probing anyway`,
  );
  st.procs?.add('listener', listenersOn(port, trialPids(marker, st)));
  snapshot(st);
  if (up) await sb.exposeInside(port);
  return driver.probe(o.scenario, `http://127.0.0.1:${port}${driver.path}`);
}

async function clientTrial(o: TrialOptions, driver: ClientRoleDriver, marker: string, st: State): Promise<WireLog> {
  const sb = st.sb!;
  try {
    st.handle = await driver.startReference(o.scenario);
  } catch (e) {
    throw new InfraError(`reference server failed to start: ${(e as Error).message}`);
  }
  const handle = st.handle;
  const refPort = Number(new URL(handle.url).port);
  // Clients are looked up while connected: under netns as each connection reaches the relay (before it is answered),
  // and in any case every 100 ms (without isolation, a client that connects and is gone between two polls is missed).
  const procs = st.procs;
  const look = procs
    ? clientWatch(
        refPort,
        () => sb.netPid(),
        () => trialPids(marker, st),
        (pids) => procs.add('client', pids),
      )
    : () => {};
  await sb.exposeHost(refPort, procs ? look : undefined);
  const ctx = context(o, st, marker, { ...handle.env, MCP_SERVER_URL: handle.url });
  await checkMount(sb, st.dirs!.dir, ctx.env);
  const run = (st.run = await o.adapter.start(ctx));
  const poll = procs ? setInterval(look, 100) : undefined;
  try {
    look();
    await session(run, ctx, st, [handle.finished]);
    look();
  } finally {
    clearInterval(poll);
  }
  snapshot(st);
  st.handle = undefined;
  return handle.stop();
}

/** The trial's processes: those carrying its marker, and everything inside its sandbox. */
const trialPids = (marker: string, st: State) => [...pidsWithMarker(marker), ...(st.sb?.pids() ?? [])];

/** Values a snapshot must never contain: this trial's canaries. */
const secrets = (st: State) => st.planted?.canaries.map((c) => c.value) ?? [];

/** Take the solution snapshot now, once (agent trials); a failure is noted, never fails the trial. */
function snapshot(st: State): void {
  if (!st.manifest || !st.procs || !st.dirs || st.snapshot !== undefined) return;
  try {
    st.snapshot = takeSnapshot({
      trial: st.id,
      workspace: st.dirs.dir,
      manifest: st.manifest,
      secrets: secrets(st),
      processes: st.procs.list,
    });
  } catch (e) {
    st.notes.push(`runner: no solution snapshot: ${(e as Error).message}`);
  }
}

/** Kill everything the subject left behind (process groups, marked processes, the namespace); collect usage. */
async function cleanup(
  o: TrialOptions,
  marker: string,
  st: State,
): Promise<{ leftovers: number[]; usage?: Usage; transcript?: string; infraReason?: string; model?: string }> {
  st.run?.stop(true);
  if (st.handle) await st.handle.stop().catch(() => undefined);
  const sb = st.sb;
  const left = await killAll(() => [...pidsWithMarker(marker), ...(sb?.pids() ?? [])]);
  const nsLeft = sb ? await sb.dispose() : [];
  const fin = st.run?.finish ? await st.run.finish() : {};
  let model: string | undefined;
  if (st.proxy) {
    await st.proxy.close();
    const p = st.proxy.proxy;
    model = p.sidecar();
    // Measured at the proxy, not the harness's own count; a session that never reached it has no model sidecar worth
    // judging usage by, but the sidecar is kept (it shows that).
    fin.usage = {
      ...usageFromTotals(p.totals()),
      ...(fin.usage?.wallTimeMs !== undefined ? { wallTimeMs: fin.usage.wallTimeMs } : {}),
      ...(p.end?.budgetExhausted ? { budgetExhausted: p.end.budgetExhausted } : {}),
    };
  }
  // A trial that ended before probing (or its session's end) is still snapshotted while its workspace exists.
  snapshot(st);
  if (st.dirs && st.planted) st.workspaceHits = scanWorkspace(st.dirs.dir, st.planted.canaries);
  st.planted?.remove();
  if (st.dirs && !o.keep) rmSync(st.dirs.root, { recursive: true, force: true });
  if (st.port !== undefined) releasePort(st.port);
  return { leftovers: [...new Set([...left, ...nsLeft])], ...fin, model };
}

function emptyLog(driver: RoleDriver): WireLog {
  return new WireRecorder(driver.role === 'server' ? 'prober' : 'reference').log();
}

/** Prepend the runner's annotations (t = 0): they explain the session, never evidence a verdict. */
function withNotes(log: WireLog, notes: string[]): WireLog {
  return {
    header: log.header,
    events: [...notes.map((text) => ({ type: 'note' as const, t: 0, text })), ...log.events],
  };
}

const within = (dir: string, p: string) => p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);

/**
 * What the subject sees (netns): a root of its own (see `FsView`) holding only the system folders, its workspace, its
 * home and temp folders, and the Node binary's folder; the project too (read-only) when the subject runs this
 * project's own code (library glue). The rest of the host — the project otherwise (oracle source, records), other
 * trials, the spec copy, the homes and the harness's files (pi's credentials and session) — is not there at all.
 */
export function subjectView(
  dirs: TrialDirs,
  usesProject: boolean,
  root: string,
  mounts: readonly string[] = [],
): FsView {
  const newRoot = join(dirs.plumbing, 'root');
  mkdirSync(newRoot, { recursive: true });
  const binds = [
    ...[dirs.dir, dirs.home, dirs.tmp].map((path) => ({ path, writable: true })),
    { path: dirname(process.execPath), writable: false },
    ...(usesProject ? [{ path: resolve(root), writable: false }] : []),
    // A harness's install folder (its binary and modules), read-only at its host path.
    ...mounts.filter((m) => !usesProject || !within(resolve(root), m)).map((path) => ({ path, writable: false })),
  ];
  // A bind inside another is mounted after it (the outer one would cover it otherwise).
  return { root: newRoot, binds: binds.sort((a, b) => a.path.length - b.path.length) };
}
