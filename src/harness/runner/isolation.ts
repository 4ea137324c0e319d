// Which sandbox a CLI run uses. The methodology's promise is a container per trial, so docker is the default
// whenever an engine answers; otherwise netns, said on stderr (never silently: the record says which ran).
import { InfraError, RunnerInputError } from '../errors.ts';
import { engineAnswers } from '../os/docker.ts';
import { ensureImage } from '../sandbox-image/build.ts';
import { oneOf } from '../cli-args.ts';
import type { DockerSandboxOptions } from './docker-sandbox.ts';
import type { IsolationKind } from './sandbox.ts';

export const ISOLATION_KINDS = ['docker', 'netns', 'none'] as const satisfies readonly IsolationKind[];

export interface IsolationChoice {
  isolation: IsolationKind;
  /** docker: the image to run (built first when this recipe's is missing). */
  docker?: Pick<DockerSandboxOptions, 'image'>;
}

/**
 * `--isolation` as given, or the default (docker when an engine answers, else netns). docker asked for with no
 * engine is an input error; the image is built once when missing (it needs debootstrap and the Debian mirror).
 */
export function chooseIsolation(root: string, flag: string | undefined, log: (line: string) => void): IsolationChoice {
  const engine = engineAnswers();
  const isolation: IsolationKind =
    flag !== undefined ? oneOf('--isolation', flag, ISOLATION_KINDS) : engine ? 'docker' : 'netns';
  if (flag === undefined)
    log(
      engine
        ? 'isolation: docker (a Docker engine answers; --isolation netns|none to choose another)'
        : 'isolation: netns (no Docker engine answers: start dockerd for the docker sandbox)',
    );
  if (isolation !== 'docker') return { isolation };
  if (!engine)
    throw new RunnerInputError(
      '--isolation docker: no Docker engine answers',
      'start one: `dockerd --bridge=none --iptables=false &`',
    );
  try {
    const { tag, id } = ensureImage(root, { log: (l) => log(`sandbox image (built once per recipe): ${l}`) });
    return { isolation, docker: { image: { tag, id } } };
  } catch (e) {
    if (e instanceof InfraError)
      throw new RunnerInputError(e.message, 'build it with `npm run sandbox-image` (needs root and debootstrap)');
    throw e;
  }
}
