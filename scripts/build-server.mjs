#!/usr/bin/env node
// `npm run build:server`: the server compiled into packages/server/dist (docs/decisions.md, "The
// server runs compiled"). esbuild bundles our TypeScript (the server and the contract) into a few
// ES modules; every npm dependency stays an import of node_modules, loaded by Node as is. `npm
// start`, `npm run cli` and the tests' child processes run this output, so a process starts
// without compiling TypeScript through a loader thread.
// The output sits at the same depth as src/, so a path computed from a module's own location
// (config.ts: the repository root) is the same in both. Files are written only when their content
// changed, and none is deleted while it may be in use: building again beside a running server (or
// a second test project's set-up) changes nothing it has loaded or may still load.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages', 'server');
export const serverDist = path.join(server, 'dist');

const deps = (file) => Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).dependencies ?? {});

/**
 * npm packages and their subpaths stay imports (our workspace packages are bundled); a JSON file
 * inside one is bundled, so it needs no import attribute at run time.
 */
function npmPackagesExternal() {
  const packages = new Set([
    ...deps(path.join(server, 'package.json')),
    ...deps(path.join(root, 'packages', 'contract', 'package.json')),
  ]);
  return {
    name: 'npm-packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        const parts = args.path.split('/');
        const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
        if (!packages.has(name) || args.path.endsWith('.json')) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/** Compiles the server; answers how many files changed. */
export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'packages/server/src/main.ts',
      cli: 'packages/server/src/cli.ts',
      'demo-generator.worker': 'packages/server/src/demo/demo-generator.worker.ts',
    },
    outdir: serverDist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    plugins: [npmPackagesExternal()],
    // Readable output: names in stack traces and profiles are the source's.
    minify: false,
    keepNames: true,
    logLevel: 'warning',
    write: false,
    // A bundled CommonJS helper that calls require() gets Node's.
    banner: {
      js: "import { createRequire as __zaplecze_createRequire } from 'node:module'; const require = __zaplecze_createRequire(import.meta.url);",
    },
  });
  fs.mkdirSync(serverDist, { recursive: true });
  let changed = 0;
  for (const out of result.outputFiles) {
    const now = fs.existsSync(out.path) ? fs.readFileSync(out.path) : undefined;
    if (now && Buffer.compare(now, out.contents) === 0) continue;
    // A whole file or none: written beside, then renamed over.
    const tmp = `${out.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, out.contents);
    fs.renameSync(tmp, out.path);
    changed++;
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const changed = await buildServer();
  if (!process.argv.includes('--quiet') || changed > 0)
    console.log(
      `server built into ${path.relative(root, serverDist)} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        ` (${changed} file(s) changed)`,
    );
}
