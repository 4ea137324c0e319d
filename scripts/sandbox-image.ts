// npm run sandbox-image [-- --force]
// Builds the docker sandbox image `mcpfs-sandbox:<recipe hash>` from Debian packages (no registry), unless this
// recipe's image already exists. Needs root, debootstrap and a running Docker engine.
import { projectRoot } from '../src/harness/io/paths.ts';
import { parseCli, runCli } from '../src/harness/cli-args.ts';
import { InfraError } from '../src/harness/errors.ts';
import { ensureImage } from '../src/harness/sandbox-image/build.ts';

async function main(): Promise<number> {
  const a = parseCli(process.argv.slice(2), { force: { type: 'boolean' } }, 'npm run sandbox-image [-- --force]');
  const t0 = performance.now();
  let r;
  try {
    r = ensureImage(projectRoot(), { force: a.force, log: (l) => console.error(`sandbox-image: ${l}`) });
  } catch (e) {
    if (!(e instanceof InfraError)) throw e;
    console.error(
      `sandbox-image: ${e.message}\n  hint: it needs root, \`apt-get install docker.io debootstrap\` and a running engine (\`dockerd --bridge=none --iptables=false\`)`,
    );
    return 1;
  }
  const s = r.seconds;
  console.log(
    r.built
      ? `built ${r.tag} (${r.id}) in ${((performance.now() - t0) / 1000).toFixed(1)} s: debootstrap ${s?.debootstrap} s, import ${s?.import} s, build ${s?.build} s`
      : `${r.tag} (${r.id}) is up to date: nothing to build`,
  );
  return 0;
}

runCli('sandbox-image', main);
