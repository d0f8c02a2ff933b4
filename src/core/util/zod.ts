// zod/mini with English messages. The classic `zod` entry pulls ~450 KB into a bundle;
// mini with one locale is ~16 KB, which keeps the extension and the VSIX small.
// Import it as a namespace (`import * as z from './zod'`): re-exporting keeps esbuild's
// tree shaking working, where re-exporting a namespace object would pull in all of zod.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';

export { firstIssue } from './issues';

export { lazySchema } from '../../shared/lazySchema';
