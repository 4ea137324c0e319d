import { describe, expect, it } from 'vitest';
import { RunnerInputError } from '../errors.ts';
import { engineAnswers } from '../os/docker.ts';
import { findImage } from '../sandbox-image/build.ts';
import { chooseIsolation } from './isolation.ts';
import { dockerTestable } from './testing/docker.ts';

describe('isolation choice', () => {
  it('takes an explicit netns or none as given, and says nothing', () => {
    const said: string[] = [];
    expect(chooseIsolation(process.cwd(), 'netns', (l) => said.push(l))).toEqual({ isolation: 'netns' });
    expect(chooseIsolation(process.cwd(), 'none', (l) => said.push(l))).toEqual({ isolation: 'none' });
    expect(said).toEqual([]);
  });

  it('refuses an unknown kind, naming the flag and the kinds', () => {
    let err: unknown;
    try {
      chooseIsolation(process.cwd(), 'vm', () => {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RunnerInputError);
    expect((err as RunnerInputError).message).toBe('--isolation: unknown value "vm"');
    expect((err as RunnerInputError).hint).toMatch(/docker.*netns.*none/);
  });

  it.runIf(dockerTestable())('defaults to docker when an engine answers, says so, and names the built image', () => {
    const said: string[] = [];
    const c = chooseIsolation(process.cwd(), undefined, (l) => said.push(l));
    expect(engineAnswers()).toBe(true);
    expect(c.isolation).toBe('docker');
    expect(c.docker?.image).toEqual(findImage(process.cwd()));
    expect(said[0]).toMatch(/^isolation: docker \(a Docker engine answers/);
  });
});
