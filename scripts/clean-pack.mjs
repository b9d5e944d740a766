// Run after `npm pack`, `npm publish` or `site init` run from this checkout have made the tarball
// (postpack): lib/ and types/ were built for it alone (prepack). Left in this checkout, which runs from its sources, they go stale with the
// next edit of src/, and TypeScript resolves the package's own name through types/ before the sources
// (`npm run typecheck` then reports the old declarations' errors).
import { rmSync } from 'node:fs';

// Named without a trailing slash, so a link there is removed itself, never followed.
for (const dir of ['lib', 'types']) rmSync(new URL(`../${dir}`, import.meta.url), { recursive: true, force: true });
