import { describe, expect, it } from 'vitest';
import { SandboxInfoSchema } from '../../bench/schema/sandbox.ts';
import { imageTag, recipe, recipeHash } from './recipe.ts';

describe('sandbox image recipe', () => {
  const r = recipe(process.cwd());

  it('names the image by the recipe: the same recipe gives the same tag, a valid record field', () => {
    expect(recipeHash(recipe(process.cwd()))).toBe(recipeHash(r));
    const tag = imageTag(recipeHash(r));
    expect(SandboxInfoSchema.shape.image.safeParse(tag).success).toBe(true);
  });

  it('gives a new tag when any part of the recipe changes (packages, Dockerfile, Node pin, suite)', () => {
    const h = recipeHash(r);
    expect(recipeHash({ ...r, packages: [...r.packages, 'vim'] })).not.toBe(h);
    expect(recipeHash({ ...r, dockerfile: `${r.dockerfile}\n# x` })).not.toBe(h);
    expect(recipeHash({ ...r, node: '24.0.0' })).not.toBe(h);
    expect(recipeHash({ ...r, suite: 'trixie' })).not.toBe(h);
  });

  it("copies the project's pinned Node and brings what an offline agent expects", () => {
    expect(r.node).toMatch(/^24\.\d+\.\d+$/);
    for (const p of ['bash', 'coreutils', 'python3', 'curl', 'git', 'procps']) expect(r.packages).toContain(p);
    expect(r.dockerfile).toMatch(/^COPY node \/usr\/local\/bin\/node$/m);
  });
});
