import { describe, expect, it } from 'vitest';
import { ScenarioSchema } from '../bench/schema/scenario.ts';
import { GRADE_MAX } from './detail.ts';

describe('scenario grade scale', () => {
  it('takes its maximum from the scenario schema', () => {
    expect(GRADE_MAX).toBe(5);
    const grade = ScenarioSchema.shape.grade;
    expect(grade.safeParse(GRADE_MAX).success).toBe(true);
    expect(grade.safeParse(GRADE_MAX + 1).success).toBe(false);
  });
});
