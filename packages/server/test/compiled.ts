/**
 * The compiled server (scripts/build-server.mjs; docs/decisions.md, "The server runs compiled"),
 * paths from the repository root: what `npm start` and `npm run cli` run, and so what the tests'
 * child processes run. packages/server/test/global-setup.ts compiles it before the API files start.
 */
export const SERVER_MAIN = 'packages/server/dist/main.mjs';
export const SERVER_CLI = 'packages/server/dist/cli.mjs';
