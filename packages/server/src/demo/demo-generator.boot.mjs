// The generator worker's entry (demo-generator.ts starts it): registers tsx in the worker thread,
// as `node --import tsx` does for the CLI and the server (package.json), then loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./demo-generator.worker.ts');
