import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

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
