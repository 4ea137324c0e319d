// Debian's Chromium as the tests and the bench start it: headless, no sandbox (root), and none of the background
// connections this machine's closed network refuses (they are refused many at a time, and slow every start).

/** Where Debian's `chromium` package installs the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Launch arguments for a quiet headless start (add site-specific ones after these). */
export const HEADLESS_ARGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
