import { describe, expect, it } from 'vitest';
import type { TrialRow } from '../bench/derive/dataset.ts';
import { syntheticDataset } from '../testing/synthetic-dataset.ts';
import { disputeUrl, reproduceCommands } from './reproduce.ts';

const d = syntheticDataset({ seed: 3, subjects: 1 });
const agent = d.trials.find((t) => t.subject.kind === 'agent' && t.verdicts.length > 0)!;
const calibration = d.trials.find((t) => t.subject.kind === 'calibration' && t.verdicts.length > 0)!;
/** A library trial: an agent trial with a library subject (the commands depend on the subject and the cell only). */
const library: TrialRow = {
  ...agent,
  subject: {
    kind: 'library',
    id: 'library/x-mcp@1.2.3',
    label: 'x-mcp 1.2.3',
    library: 'x-mcp',
    libraryVersion: '1.2.3',
  },
};
const REPO = 'https://github.com/o/r';

describe('reproduce a trial locally', () => {
  it("re-runs a library's role through npm run libraries, with the raw evidence, at the record's benchmark version", () => {
    const r = reproduceCommands(library, REPO);
    expect(r.lines[0]).toBe(`git clone ${REPO} mcp-from-scratch && cd mcp-from-scratch`);
    expect(r.lines.join('\n')).toContain(`benchmark version ${library.benchmarkVersion}`);
    expect(r.lines).toContain(
      `npm run libraries -- --library x-mcp@1.2.3 --revision ${library.revision} --role ${library.role} --check`,
    );
    expect(r.lines.at(-1)).toMatch(/ --evidence$/);
  });

  it('checks out the build commit when the page may name it, else names the benchmark version', () => {
    const commit = 'a'.repeat(40);
    expect(reproduceCommands(library, REPO, commit).lines[1]).toMatch(new RegExp(`^git checkout ${commit} `));
    expect(reproduceCommands(library, REPO, 'unknown').lines[1]).toContain(
      `benchmark version ${library.benchmarkVersion}`,
    );
  });

  it('re-checks a calibration scenario, and re-runs an agent solution with npm run verify', () => {
    expect(reproduceCommands(calibration, REPO).lines.at(-1)).toBe(
      `npm run calibrate -- --revision ${calibration.revision} --role ${calibration.role} --scenario ${calibration.scenario} --check`,
    );
    expect(reproduceCommands(agent, undefined).lines.at(-1)).toBe(`npm run verify -- ${agent.files.record}`);
    expect(reproduceCommands(agent, undefined).lines[0]).toContain('<repository>');
  });
});

describe('dispute a verdict', () => {
  it('opens a new issue in the repository, pre-filled with the trial, checkpoint, verdict and version', () => {
    const v = { ...library.verdicts[0]!, verdict: 'fail' as const };
    const url = new URL(disputeUrl(library, v, REPO)!);
    expect(`${url.origin}${url.pathname}`).toBe(`${REPO}/issues/new`);
    expect(url.searchParams.get('title')).toContain(`Dispute: ${v.checkpoint} (fail)`);
    const body = url.searchParams.get('body')!;
    for (const part of [library.id, library.subject.id, v.checkpoint, library.benchmarkVersion])
      expect(body).toContain(part);
  });

  it('offers no link without a repository URL', () => {
    expect(disputeUrl(library, library.verdicts[0]!, undefined)).toBeUndefined();
  });
});
