// Every `import … from 'zod'` of the web build (the domain package's included) resolves here
// (apps/web/vite.config.ts, resolve.alias), so zod is configured before any schema exists: a schema
// decides at construction whether to compile itself with `Function`, which the
// Content-Security-Policy forbids (apps/api/src/platform/headers.ts). Import order can not promise
// this: schemas built in a shared chunk run before the entry's own first import. The interpreted
// parsing is fast enough for a browser's few parses.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
