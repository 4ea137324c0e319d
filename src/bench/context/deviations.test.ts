import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../schema/checkpoint.ts';
import type { CoverageLedger } from '../schema/coverage.ts';
import type { Scenario } from '../schema/scenario.ts';
import { DEVIATIONS_TITLE, renderDeviations } from './deviations.ts';

const spec = (n: number): Checkpoint['spec'] => ({
  id: `251125-transports-${n}`,
  file: 'docs/x.mdx',
  line: n,
  quote: 'It **MUST** do.',
});
const task: Checkpoint = { slug: 'task-answer', kind: 'task', level: 'MUST', spec: null, rule: 'The tools answer' };
const literal: Checkpoint = {
  slug: 'literal-rule',
  kind: 'spec',
  level: 'MUST',
  spec: spec(1),
  rule: 'A literal rule',
};
const read: Checkpoint = {
  slug: 'read-rule',
  kind: 'spec',
  level: 'SHOULD',
  spec: spec(2),
  rule: 'A read rule',
  reading: 'Read this way',
};
const conditional: Checkpoint = {
  slug: 'cond-rule',
  kind: 'spec',
  level: 'MUST',
  spec: spec(3),
  rule: 'A conditional rule',
  appliesWhen: 'only if a session id was issued',
};
const scenario = (
  id: string,
  grade: number,
  checkpoints: Checkpoint[],
  design?: string[],
  role: Scenario['role'] = 'server',
): Scenario => ({
  id,
  revision: '2025-11-25',
  role,
  title: id,
  grade,
  summary: 's',
  prompt: 'p',
  requires: [],
  leakAllowed: [],
  tools: [],
  checkpoints,
  ...(design ? { design } : {}),
});

describe('the generated deviations section', () => {
  it('lists each checkpoint that has a reading or a condition, with its rule, and leaves literal ones out', () => {
    const out = renderDeviations([scenario('one', 1, [task, literal, read, conditional])], []);
    expect(out.startsWith(`## ${DEVIATIONS_TITLE}\n`)).toBe(true);
    expect(out).toContain(
      '#### one\n\n- `read-rule` (`251125-transports-2`, SHOULD): A read rule. **Reading:** Read this way.\n',
    );
    expect(out).toContain(
      '- `cond-rule` (`251125-transports-3`, MUST): A conditional rule. **Applies** only if a session id was issued.\n',
    );
    expect(out).not.toContain('literal-rule');
    expect(out).not.toContain('task-answer');
    expect(renderDeviations([scenario('plain', 1, [task, literal])], [])).toContain(
      '#### plain\n\nEvery checkpoint reads its sentence literally.\n',
    );
  });

  it('says a design note every scenario of the role shares once, under the role, in board order', () => {
    const out = renderDeviations(
      [scenario('later', 2, [task], ['Shared.', 'Only later.']), scenario('first', 1, [task], ['Shared.'])],
      [],
    );
    expect(out).toContain(
      '### 2025-11-25 · server role\n\nEvery scenario of this role:\n\n- Shared.\n\n#### first\n\nEvery checkpoint reads its sentence literally.\n\n#### later\n\n- Only later.\n',
    );
    expect(out.match(/Shared\./g)).toHaveLength(1);
  });

  it('says a slug repeated across scenarios of one role once, then points back to it', () => {
    const out = renderDeviations(
      [scenario('a', 1, [task, read], undefined, 'client'), scenario('b', 2, [task, read], undefined, 'client')],
      [],
    );
    expect(out).toContain('#### b\n\n- `read-rule` (`251125-transports-2`, SHOULD): as in a.\n');
    expect(out.match(/Read this way/g)).toHaveLength(1);
  });

  it("lists the ledger's ambiguous sentences under their revision, with their reasons", () => {
    const ledger: CoverageLedger = {
      format: 'mcpfs.coverage/1',
      revision: '2025-11-25',
      exclusions: [
        { id: '251125-transports-70', roles: ['server'], reason: 'ambiguous-see-CONTEXT', why: 'Two readings.' },
        { id: '251125-transports-71', roles: ['server'], reason: 'not-yet-scenarioed', why: 'Later.' },
      ],
    };
    const out = renderDeviations([scenario('one', 1, [task])], [ledger]);
    expect(out).toContain('### 2025-11-25 · ambiguous sentences, not tested\n');
    expect(out).toContain('- `251125-transports-70` (server): Two readings.\n');
    expect(out).not.toContain('251125-transports-71');
  });

  it('is the same text for the same scenarios in any order', () => {
    const ss = [
      scenario('b', 2, [task, read]),
      scenario('a', 1, [task, conditional], ['Note.']),
      scenario('c', 1, [task], undefined, 'client'),
    ];
    expect(renderDeviations([...ss].reverse(), [])).toBe(renderDeviations(ss, []));
  });
});
