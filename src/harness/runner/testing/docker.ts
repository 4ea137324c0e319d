// Test-only: whether the docker sandbox tests run here. They need a Docker engine (and build the image once when this
// recipe's is missing). In CI (`CI` set) or with MCPFS_REQUIRE_DOCKER=1 they always run, so a missing engine fails
// them instead of skipping them; elsewhere a machine without an engine skips them and says so.
import { engineAnswers } from '../../os/docker.ts';
import { ensureImage, type SandboxImage } from '../../sandbox-image/build.ts';
import { projectRoot } from '../../io/paths.ts';

const required = Boolean(process.env.CI) || process.env.MCPFS_REQUIRE_DOCKER === '1';
let answered: boolean | undefined;

/** A Docker engine is here for these tests (or CI requires one, so they run and fail without it). */
export function dockerTestable(): boolean {
  answered ??= engineAnswers();
  if (!answered && !required)
    console.warn(
      'docker sandbox tests skipped: no Docker engine answers (CI=1 or MCPFS_REQUIRE_DOCKER=1 makes this a failure)',
    );
  return answered || required;
}

/** The given isolation kinds, minus `docker` when it is not testable here. */
export function dockerKinds<K extends string>(kinds: readonly K[]): K[] {
  return kinds.filter((k) => k !== 'docker' || dockerTestable());
}

/** This recipe's image, built first when missing (~70 s once per engine). */
export function testImage(): SandboxImage {
  return ensureImage(projectRoot());
}
