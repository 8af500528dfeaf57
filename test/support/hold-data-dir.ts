// A second process that opens the embedded store in argv[2] and holds it until killed, so tests
// can check that another process is refused the same data dir.
import { openEmbeddedStore } from '../../src/store/embedded/embedded-store.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: hold-data-dir.ts <data dir>');
await openEmbeddedStore(dir, { mode: 'serve' });
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
