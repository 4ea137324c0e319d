import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { REPORT_ARTIFACT, REPORT_FILE, SITE_ARTIFACT } from './deploy/preview.ts';

// The workflows are thin mirrors of npm scripts: every `npm run <name>` they call must exist, and CI must be .ci/run,
// so a renamed script breaks this test here instead of a pull request's checks on GitHub.
const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: object }).scripts);
const npmRuns = (text: string): string[] => [...text.matchAll(/npm run (?:-s )?([\w:-]+)/g)].map((m) => m[1]!);

describe('.github/workflows', () => {
  const files = fg.sync('.github/workflows/*.yml');

  it('call only npm scripts package.json defines', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
    const missing = files.flatMap((f) => npmRuns(readFileSync(f, 'utf8')).filter((s) => !scripts.includes(s)));
    expect(missing).toEqual([]);
  });

  it('run CI through .ci/run, and the preview through check, verify, build and pr-report', () => {
    expect(readFileSync('.github/workflows/ci.yml', 'utf8')).toContain('bash .ci/run');
    const preview = readFileSync('.github/workflows/preview.yml', 'utf8');
    expect(npmRuns(preview)).toEqual(['check', 'verify', 'build', 'pr-report']);
  });

  it('finds a script a workflow names that package.json lacks (the check itself can fail)', () => {
    expect(npmRuns('run: npm run -s no-such-script && npm run build').filter((s) => !scripts.includes(s))).toEqual([
      'no-such-script',
    ]);
  });
});

// Who may do what (issue 32, item 9). A workflow on `pull_request` runs the pull request's code: from a fork GitHub gives
// it no secret and a read-only token, and ours asks for neither, so it behaves the same from a branch of this
// repository. Whatever needs a secret or a write runs elsewhere, on main's code: deploy.yml (push to main) and
// preview-deploy.yml (`workflow_run`, reading the preview run's artifacts as data). These rules hold every workflow
// file, the new ones included, parsed as YAML.
type Permissions = Record<string, string> | string;
type WfStep = { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> };
type Workflow = {
  on: Record<string, unknown>;
  permissions?: Permissions;
  jobs: Record<string, { if?: string; permissions?: Permissions; steps: WfStep[] }>;
};
const workflows = Object.fromEntries(
  fg.sync('.github/workflows/*.yml').map((f) => [f.replace(/^.*\//, ''), parse(readFileSync(f, 'utf8')) as Workflow]),
);
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps);
const text = (w: Workflow) => JSON.stringify(w);
const runsPrCode = (w: Workflow) => 'pull_request' in w.on || 'pull_request_target' in w.on;
/** GitHub's own actions at a major version (they move the tag only within it); any other at a release or a commit. */
const PINNED = /^actions\/[\w-]+@v\d+$|^[\w-]+\/[\w-]+@(v\d+\.\d+\.\d+|[0-9a-f]{40})$/;
/** The scopes a permissions block grants more than read on (`write-all` counts as one). */
const writes = (p: Permissions | undefined): string[] =>
  typeof p === 'string'
    ? p === 'read-all'
      ? []
      : [p]
    : Object.entries(p ?? {}).flatMap(([scope, v]) => (v === 'read' ? [] : [scope]));

describe('.github/workflows: permissions, secrets and pins', () => {
  it('pin every action: GitHub’s own at a major version, any other at an exact release', () => {
    const uses = Object.values(workflows).flatMap((w) => steps(w).flatMap((s) => (s.uses ? [s.uses] : [])));
    expect(uses.length).toBeGreaterThan(10);
    expect(uses.filter((u) => !PINNED.test(u))).toEqual([]);
  });

  it('read by default; write only in the jobs that need it, and only what they need', () => {
    // Declared in every file: without it the token gets the repository's default, which may be write-all.
    for (const [f, w] of Object.entries(workflows))
      expect([f, w.permissions !== undefined, writes(w.permissions)]).toEqual([f, true, []]);
    const jobWrites = Object.entries(workflows).flatMap(([f, w]) =>
      Object.entries(w.jobs).flatMap(([j, job]) => writes(job.permissions).map((scope) => `${f} ${j} ${scope}`)),
    );
    expect(jobWrites.sort()).toEqual([
      'preview-deploy.yml preview-deploy pull-requests',
      'sweep.yml merge contents',
      'sweep.yml merge pull-requests',
    ]);
  });

  it('give a workflow that runs a pull request’s code no secret and no write, and never use pull_request_target', () => {
    const prCode = Object.entries(workflows).filter(([, w]) => runsPrCode(w));
    expect(prCode.map(([f]) => f).sort()).toEqual(['ci.yml', 'preview.yml']);
    for (const [f, w] of prCode) {
      expect([f, text(w).match(/secrets\.\w+/g)]).toEqual([f, null]);
      expect([f, Object.values(w.jobs).flatMap((j) => writes(j.permissions))]).toEqual([f, []]);
    }
    expect(Object.entries(workflows).filter(([, w]) => 'pull_request_target' in w.on)).toEqual([]);
  });

  it('find a loose pin and a write permission (the checks themselves can fail)', () => {
    const loose = ['actions/checkout@main', 'peter-evans/create-pull-request@v7', 'x/y@latest', 'actions/cache@v4'];
    expect(loose.filter((u) => !PINNED.test(u))).toEqual(loose.slice(0, 3));
    expect(writes('write-all')).toEqual(['write-all']);
    expect(writes({ contents: 'read', issues: 'write' })).toEqual(['issues']);
    expect(runsPrCode({ on: { pull_request_target: null }, jobs: {} })).toBe(true);
  });

  it('pass secrets to steps by environment only, never into a shell line', () => {
    const inRun = Object.values(workflows).flatMap((w) =>
      steps(w).filter((s) => /\$\{\{\s*secrets\./.test(s.run ?? '')),
    );
    expect(inRun).toEqual([]);
  });

  it('leave no token in .git/config of a checkout that holds a secret, and restore no cache there', () => {
    for (const [f, w] of Object.entries(workflows).filter(([, w]) => /secrets\./.test(text(w)) && !runsPrCode(w))) {
      const checkouts = steps(w).filter((s) => s.uses?.startsWith('actions/checkout@'));
      // The sweep's merge job opens its pull request through git with the checkout's token.
      if (f !== 'sweep.yml')
        for (const c of checkouts) expect([f, c.with?.['persist-credentials']]).toEqual([f, false]);
      expect([f, steps(w).filter((s) => s.uses?.startsWith('actions/cache@'))]).toEqual([f, []]);
    }
  });
});

describe('publishing: deploy.yml and the preview at its URL', () => {
  const deploy = workflows['deploy.yml']!;
  const preview = workflows['preview.yml']!;
  const trusted = workflows['preview-deploy.yml']!;

  it('deploy: builds main at the host’s root and publishes dist/ to production, the token a secret', () => {
    expect(deploy.on).toMatchObject({ push: { branches: ['main'] } });
    const s = steps(deploy);
    expect(s.flatMap((x) => (x.run ? [x.run] : []))).toEqual([
      'npm ci --strict-allow-scripts',
      'npm run build',
      'npm run -s site-deploy -- --dir dist --prod',
    ]);
    expect(s.at(-1)!.env).toEqual({
      NETLIFY_AUTH_TOKEN: '${{ secrets.NETLIFY_AUTH_TOKEN }}',
      NETLIFY_SITE_ID: '${{ vars.NETLIFY_SITE_ID }}',
    });
    // A Netlify site is served from its root: Astro's base stays `/` (astro.config.mjs reads SITE_BASE).
    expect(text(deploy)).not.toContain('SITE_BASE');
    expect(deploy.jobs.deploy!.if).toBe("vars.NETLIFY_SITE_ID != ''");
  });

  it('preview-deploy: runs after a preview run, on main’s code, never the pull request’s', () => {
    expect(trusted.on).toEqual({ workflow_run: { workflows: ['preview'], types: ['completed'] } });
    expect((parse(readFileSync('.github/workflows/preview.yml', 'utf8')) as { name: string }).name).toBe('preview');
    const s = steps(trusted);
    expect(npmRuns(s.map((x) => x.run ?? '').join('\n'))).toEqual(['pr-preview']);
    // The checkout is the default (main); no input points it at the pull request's head.
    for (const c of s.filter((x) => x.uses?.startsWith('actions/checkout@')))
      expect(Object.keys(c.with ?? {})).toEqual(['persist-credentials']);
    // Nothing from the event is spliced into a shell line: names and branches are the pull request author's to choose.
    expect(s.filter((x) => (x.run ?? '').includes('${{'))).toEqual([]);
  });

  it('preview-deploy: downloads exactly the artifacts preview.yml uploads, outside the checkout, for pr-preview', () => {
    const uploads = steps(preview).filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    const named = (prefix: string) => uploads.find((u) => String(u.with!.name).startsWith(prefix))!;
    const n = '${{ github.event.pull_request.number }}';
    expect(named(SITE_ARTIFACT).with).toMatchObject({ name: `${SITE_ARTIFACT}${n}`, path: 'dist/' });
    expect(named(REPORT_ARTIFACT).with).toMatchObject({ name: `${REPORT_ARTIFACT}${n}`, path: REPORT_FILE });
    const report = steps(preview).find((s) => /npm run -s pr-report/.test(s.run ?? ''))!;
    expect(report.run).toMatch(new RegExp(`--json > ${REPORT_FILE.replace('.', '\\.')}$`));
    const downloads = steps(trusted).filter((s) => s.uses?.startsWith('actions/download-artifact@'));
    expect(downloads.map((d) => d.with)).toEqual(
      [SITE_ARTIFACT, REPORT_ARTIFACT].map((prefix) => ({
        'run-id': '${{ github.event.workflow_run.id }}',
        'github-token': '${{ github.token }}',
        pattern: `${prefix}*`,
        path: '${{ runner.temp }}/preview',
      })),
    );
    const run = steps(trusted).find((s) => /npm run -s pr-preview/.test(s.run ?? ''))!;
    expect(run.run).toBe('npm run -s pr-preview -- --event "$GITHUB_EVENT_PATH" --artifacts "$RUNNER_TEMP/preview"');
    expect(run.env).toEqual({
      GH_TOKEN: '${{ github.token }}',
      NETLIFY_AUTH_TOKEN: '${{ secrets.NETLIFY_AUTH_TOKEN }}',
      NETLIFY_SITE_ID: '${{ vars.NETLIFY_SITE_ID }}',
    });
  });

  it('preview: no longer writes the comment itself (no token that can), so its only report is the artifact', () => {
    expect(preview.permissions).toEqual({ contents: 'read' });
    expect(text(preview)).not.toMatch(/gh api|GH_TOKEN|vars\.PREVIEW_BASE_URL/);
  });
});

// The two engines a sweep runs on (issue 18): parsed as YAML, and checked for the wiring that makes them work — the
// plan's matrix fanned out, bundles carried to the merge, merge before derive, the Job's shard from its index.
type Step = { uses?: string; run?: string; id?: string; with?: Record<string, unknown>; env?: Record<string, string> };
type Job = {
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  strategy?: { matrix?: unknown; 'max-parallel'?: unknown };
  env?: Record<string, string>;
  steps: Step[];
};
const SWEEP_YML = '.github/workflows/sweep.yml';
const K8S_JOB = 'deploy/k8s/sweep-job.yaml';
const runOf = (steps: Step[], re: RegExp) => steps.findIndex((s) => re.test(s.run ?? ''));
const usesOf = (steps: Step[], action: string) => steps.findIndex((s) => s.uses?.startsWith(`${action}@`));

describe('the sweep engines', () => {
  const workflow = parse(readFileSync(SWEEP_YML, 'utf8')) as {
    on: { workflow_dispatch: { inputs: Record<string, { default?: unknown; type: string }> } };
    jobs: Record<string, Job>;
  };
  const docs = parseAllDocuments(readFileSync(K8S_JOB, 'utf8'));
  type K8sDoc = { kind: string; metadata: { name: string }; spec: Record<string, unknown> };
  const k8s = docs.map((d) => d.toJS() as K8sDoc);

  it('parse as YAML, and call only npm scripts package.json defines', () => {
    expect(docs.flatMap((d) => d.errors.map((e) => e.message))).toEqual([]);
    const missing = [SWEEP_YML, K8S_JOB].flatMap((f) =>
      npmRuns(readFileSync(f, 'utf8')).filter((s) => !scripts.includes(s)),
    );
    expect(missing).toEqual([]);
    expect(new Set(npmRuns(readFileSync(K8S_JOB, 'utf8')))).toEqual(new Set(['sweep', 'merge', 'derive']));
  });

  it('workflow: dispatched with a manifest, shards (4) and max-parallel (2); plan, shard and merge jobs', () => {
    const inputs = workflow.on.workflow_dispatch.inputs;
    expect(Object.keys(inputs)).toEqual(['manifest', 'shards', 'max-parallel']);
    expect([inputs.shards!.default, inputs['max-parallel']!.default]).toEqual([4, 2]);
    expect(Object.keys(workflow.jobs)).toEqual(['plan', 'shard', 'merge']);
  });

  it('workflow: the plan job’s dry run is the shard job’s matrix; max-parallel is the input', () => {
    const { plan, shard } = workflow.jobs;
    const step = plan!.steps.find((s) =>
      /npm run -s sweep -- --manifest "\$MANIFEST" --dry-run --shards/.test(s.run ?? ''),
    )!;
    expect(step.id).toBeDefined();
    expect(step.run).toMatch(/echo "matrix=\$\(jq -c \.matrix plan\.json\)" >> "\$GITHUB_OUTPUT"/);
    expect(plan!.outputs!.matrix).toBe(`\${{ steps.${step.id}.outputs.matrix }}`);
    expect(shard!.needs).toBe('plan');
    expect(shard!.strategy!.matrix).toBe('${{ fromJSON(needs.plan.outputs.matrix) }}');
    expect(shard!.strategy!['max-parallel']).toBe('${{ inputs.max-parallel }}');
  });

  it('workflow: each shard runs its trials under sudo with the secret key and uploads its bundle', () => {
    const { shard } = workflow.jobs;
    expect(shard!.env!.SHARD).toBe('${{ matrix.shard }}');
    const i = runOf(shard!.steps, /npm run -s sweep -- --manifest "\$MANIFEST" --shard "\$SHARD" --out bundle$/);
    const step = shard!.steps[i]!;
    expect(step.run).toMatch(/^sudo --preserve-env=ANTHROPIC_API_KEY /);
    expect(step.env!.ANTHROPIC_API_KEY).toBe('${{ secrets.ANTHROPIC_API_KEY }}');
    const up = usesOf(shard!.steps, 'actions/upload-artifact');
    expect(up).toBeGreaterThan(i);
    expect(shard!.steps[up]!.with!.path).toBe('bundle/');
    expect(shard!.steps[up]!.with!.name).toBe('${{ steps.name.outputs.name }}');
    const name = shard!.steps.find((s) => s.id === 'name')!.run!;
    expect(name).toContain('name=bundle-${{ needs.plan.outputs.run }}-shard-');
  });

  it('workflow: merge downloads every bundle, merges, derives, then opens a pull request', () => {
    const { merge } = workflow.jobs;
    expect(merge!.needs).toEqual(['plan', 'shard']);
    const s = merge!.steps;
    const down = usesOf(s, 'actions/download-artifact');
    expect(s[down]!.with).toEqual({ pattern: 'bundle-${{ needs.plan.outputs.run }}-shard-*', path: 'bundles/' });
    const m = runOf(s, /npm run -s merge -- --manifest "\$MANIFEST" bundles\/\*\//);
    const d = runOf(s, /npm run -s derive/);
    const pr = s.findIndex((x) => /^peter-evans\/create-pull-request@v\d+\.\d+\.\d+$/.test(x.uses ?? ''));
    expect([down < m, m < d, d < pr]).toEqual([true, true, true]);
    expect(s[pr]!.with!['add-paths']).toBe('results/');
  });

  it('Job: Indexed, one completion per shard, the shard and bundle folder computed from JOB_COMPLETION_INDEX', () => {
    const jobs = k8s.filter((d) => d.kind === 'Job');
    expect(jobs.map((j) => j.metadata.name)).toEqual(['mcpfs-sweep', 'mcpfs-sweep-merge']);
    const spec = jobs[0]!.spec as {
      completionMode: string;
      completions: number;
      parallelism: number;
      template: { spec: { containers: { args: string[]; env: { name: string; value?: string }[] }[] } };
    };
    expect(spec.completionMode).toBe('Indexed');
    const c = spec.template.spec.containers[0]!;
    const env = Object.fromEntries(c.env.map((e) => [e.name, e.value]));
    expect(Number(env.SHARDS)).toBe(spec.completions);
    expect(spec.parallelism).toBeGreaterThanOrEqual(1);
    const script = c.args[0]!;
    expect(script).toContain('npm run -s sweep -- --manifest "/manifest/$RUN.json" --shard "$shard" --out "$out"');
    // The script's own lines, run by bash for every index the Job hands out (0-based): shards 1…n, their folders.
    const lines = script.split('\n').filter((l) => /^(shard|out)=/.test(l));
    expect(lines).toHaveLength(2);
    const shards = Array.from({ length: spec.completions }, (_, i) =>
      execFileSync('bash', ['-c', `${lines.join('\n')}\necho "$shard $out"`], {
        env: { JOB_COMPLETION_INDEX: String(i), SHARDS: env.SHARDS!, RUN: env.RUN! },
        encoding: 'utf8',
      }).trim(),
    );
    expect(shards).toEqual(Array.from({ length: 4 }, (_, i) => `${i + 1}/4 /bundles/calibration/shard-${i + 1}-of-4`));
  });

  it('Job: the key from a Secret, bundles on the claim, privileged for the sandboxes; merge on the same volume', () => {
    const [claim, sweep, merge] = k8s;
    expect(claim!.kind).toBe('PersistentVolumeClaim');
    type Pod = {
      containers: {
        args: string[];
        env: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
        securityContext?: { privileged?: boolean };
        volumeMounts: { name: string; mountPath: string }[];
      }[];
      volumes: { name: string; persistentVolumeClaim?: { claimName: string } }[];
    };
    const pod = (d: K8sDoc) => (d.spec as { template: { spec: Pod } }).template.spec;
    const s = pod(sweep!);
    const m = pod(merge!);
    const key = s.containers[0]!.env.find((e) => e.name === 'ANTHROPIC_API_KEY')!;
    expect(key.valueFrom!.secretKeyRef).toMatchObject({ name: 'mcpfs-provider', key: 'ANTHROPIC_API_KEY' });
    expect(s.containers[0]!.securityContext).toEqual({ privileged: true });
    for (const p of [s, m]) {
      const vol = p.volumes.find((v) => v.persistentVolumeClaim)!;
      expect(vol.persistentVolumeClaim!.claimName).toBe(claim!.metadata.name);
      expect(p.containers[0]!.volumeMounts.find((v) => v.name === vol.name)!.mountPath).toBe('/bundles');
    }
    const envOf = (p: Pod) => p.containers[0]!.env.filter((e) => e.name === 'RUN' || e.name === 'SHARDS');
    expect(envOf(m)).toEqual(envOf(s));
    const merging = m.containers[0]!.args[0]!;
    expect(
      merging.indexOf('npm run -s merge -- --manifest "/manifest/$RUN.json" /bundles/$RUN/shard-*-of-$SHARDS'),
    ).toBeGreaterThan(0);
    expect(merging.indexOf('npm run -s derive')).toBeGreaterThan(merging.indexOf('npm run -s merge'));
  });
});
