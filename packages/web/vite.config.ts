import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = path.resolve(import.meta.dirname, 'src');
/**
 * Test-only fixture plugins (plugins-fixtures/) are compiled in only with VITE_TEST_PLUGINS=1 (the
 * e2e build); otherwise their entry map is the empty stand-in, so a production bundle has none.
 */
const testPlugins = process.env.VITE_TEST_PLUGINS === '1';

/** plugins/<id>/ and plugins-fixtures/<id>/ at the repository root. */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const pluginFolders = ['plugins', 'plugins-fixtures'].map((d) => path.join(repoRoot, d) + path.sep);
/** The plugin a module belongs to, if it is a plugin's file. */
function pluginOf(id: string | null | undefined): string | undefined {
  if (!id) return undefined;
  const dir = pluginFolders.find((d) => id.startsWith(d));
  return dir ? id.slice(dir.length).split(path.sep)[0] : undefined;
}

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...(testPlugins
        ? []
        : [
            {
              find: /^@web\/extensions\/plugins\/fixture-entries$/,
              replacement: path.join(src, 'extensions/plugins/fixture-entries.off.ts'),
            },
          ]),
      // The web plugin SDK, the one web import of plugins/<id>/web (docs/plugins.md, Web part).
      { find: /^@zaplecze\/plugin-sdk-web$/, replacement: path.join(src, 'plugin-sdk/index.ts') },
      { find: /^@web\//, replacement: `${src}/` },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A plugin's chunks are named plugin.<id>.*: the bundle test checks the login page loads none.
        chunkFileNames: (chunk) => {
          const plugin = pluginOf(chunk.facadeModuleId ?? chunk.moduleIds.at(-1));
          return plugin ? `assets/plugin.${plugin}.[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
