// Astro's ambient types (import.meta.env and its BASE_URL, asset imports) for tsc, whether or not `astro sync` has
// written .astro/types.d.ts yet: src/site/urls.ts reads the configured base from import.meta.env.
/// <reference types="astro/client" />
