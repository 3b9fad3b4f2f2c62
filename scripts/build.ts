// `npm run build`: builds the web app and the server (scripts/build-parts.ts). `--if-changed` builds a part
// only when its sources changed since its last build; `--server` builds only the server.
import { buildParts } from './build-parts.ts';

await buildParts({ ifChanged: process.argv.includes('--if-changed'), serverOnly: process.argv.includes('--server') });
