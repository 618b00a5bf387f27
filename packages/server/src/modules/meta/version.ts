import pkg from '../../../../../package.json' with { type: 'json' };

/**
 * The product version, from the root package.json: imported, so the compiled server
 * (scripts/build-server.mjs) carries it as well.
 */
export const APP_VERSION: string = pkg.version;
