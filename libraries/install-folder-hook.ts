// Release history (libraries/README.md): an earlier release of a library runs the newest release's glue file, but
// must import its own packages. Loaded as `node --import <this file> <glue>` with MCPFS_INSTALL_FOLDER naming the
// release's install folder (absolute), this synchronous resolve hook (Node's module.registerHooks) resolves every bare
// import of a file outside that folder (the shared glue, ../glue-common.ts) as if it were written in the folder
// itself, so `@modelcontextprotocol/sdk` is the release's, never the one beside the glue. Relative imports, node:
// builtins and imports made inside the folder (the packages' own) resolve as usual. A package missing from the folder
// is an error, not a silent fall-back to another version.
import { isBuiltin, registerHooks } from 'node:module';
import { isAbsolute, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const folder = process.env.MCPFS_INSTALL_FOLDER;
if (!folder || !isAbsolute(folder)) {
  console.error(`install-folder-hook: MCPFS_INSTALL_FOLDER must be an absolute path (got ${folder ?? 'nothing'})`);
  process.exit(2);
}
/** A file URL inside the folder: resolving a bare name from here finds `<folder>/node_modules/<name>`. */
const base = pathToFileURL(join(folder, 'package.json')).href;
const inside = (url: string | undefined): boolean => {
  if (!url?.startsWith('file:')) return false;
  const p = fileURLToPath(url);
  return p === folder || p.startsWith(folder.endsWith(sep) ? folder : folder + sep);
};
/** A bare specifier: a package name (not relative, not absolute, not a URL, not a builtin). */
const bare = (s: string): boolean =>
  !s.startsWith('.') && !s.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(s) && !isBuiltin(s);

registerHooks({
  resolve(specifier, context, nextResolve) {
    return bare(specifier) && !inside(context.parentURL)
      ? nextResolve(specifier, { ...context, parentURL: base })
      : nextResolve(specifier, context);
  },
});
