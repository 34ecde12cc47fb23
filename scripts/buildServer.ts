import { build, type Plugin } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newestMtime.ts';

/**
 * `npm run build:server`: compiles the processes that `npm start`, the scale
 * deployment and operators run (the API, the worker, the operator CLI and the
 * seed) to plain ES modules under `dist/`, one bundle each at the same depth
 * (`dist/<name>/main.js`), with source maps. Packages stay external (loaded
 * from node_modules as under tsx) but for the few listed in `inlined`.
 *
 * `--if-stale` (what `npm start` passes) skips the build when `dist/` is newer
 * than every source it was built from (services/, contracts/, projections/,
 * whatever else the last build bundled, package.json and this script).
 */

export const root = resolve(import.meta.dirname, '..');

/** Output name → entry point. Every output is `<outdir>/<name>/main.js`. */
export const entries: Record<string, string> = {
  api: 'services/api/main.ts',
  workers: 'services/workers/main.ts',
  cli: 'services/cli/main.ts',
  seed: 'services/cli/seed/main.ts',
};

const stampFile = 'build.json';

/**
 * Packages compiled into the bundles rather than loaded from node_modules: pure
 * ES modules of hundreds of small files each (typebox 700, mingo 600), whose
 * loading cost a start about 350 ms of CPU. The TypeBox type provider goes
 * with TypeBox so that one copy of it validates every schema. Every other
 * package stays external: native modules (better-sqlite3, @node-rs/argon2),
 * packages that read files beside their code (@fastify/swagger-ui, pino's
 * transports) and the rest, loaded as under tsx.
 */
export const inlined = ['typebox', '@fastify/type-provider-typebox', 'mingo'] as const;

/**
 * Bundling moves every module into its entry's file, so `import.meta.url` would
 * name `dist/<name>/main.js` instead of the module's own source file, and paths
 * resolved from it (package.json, docs/whats-new.*.md, web/dist) would miss.
 * Each module's `import.meta.url`, `.dirname` and `.filename` are rewritten to
 * its source file's location, relative to the bundle that holds it (all bundles
 * lie at the same depth, so one relative path serves every bundle).
 */
const sourceLocation = (outdir: string): Plugin => ({
  name: 'source-location',
  setup(context) {
    context.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const contents = readFileSync(args.path, 'utf8');
      if (!contents.includes('import.meta.')) return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      const fromBundle = relative(join(outdir, 'x'), args.path).split(sep).join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
      const path = `decodeURIComponent(${url}.pathname)`;
      const dir = `decodeURIComponent(new URL('.', ${url}).pathname).replace(/\\/$/, '')`;
      return {
        contents: contents
          .replace(/\bimport\.meta\.url\b/g, `${url}.href`)
          .replace(/\bimport\.meta\.filename\b/g, path)
          .replace(/\bimport\.meta\.dirname\b/g, dir),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
});

/** `packages: 'external'` but for the packages in `inline` (and their own imports of themselves). */
const externalPackages = (inline: readonly string[]): Plugin => ({
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : (args.path.split('/')[0] ?? '');
      return inline.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
});

/** True when `outdir` holds a build newer than every source it came from. */
export const isFresh = (outdir = join(root, 'dist')): boolean => {
  const stamp = join(outdir, stampFile);
  if (!existsSync(stamp)) return false;
  let inputs: string[];
  try {
    inputs = (JSON.parse(readFileSync(stamp, 'utf8')) as { inputs: string[] }).inputs;
  } catch {
    return false;
  }
  if (Object.keys(entries).some((name) => !existsSync(join(outdir, name, 'main.js')))) return false;
  const sources = [
    ...['services', 'contracts', 'projections', 'package.json', 'scripts/buildServer.ts'].map((path) => join(root, path)),
    ...inputs.map((path) => join(root, path)),
  ];
  return statSync(stamp).mtimeMs >= Math.max(...sources.map(newestMtime));
};

/** Compiles every entry into `outdir` (emptied first); returns the milliseconds spent. */
export const buildServer = async (outdir = join(root, 'dist'), inline: readonly string[] = inlined): Promise<number> => {
  const started = performance.now();
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([name, path]) => ({ in: path, out: `${name}/main` })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // Modules imported with import() (the scale adapters: mongodb, EventStoreDB, BullMQ, ioredis) stay
    // lazy in chunks of their own, at the bundles' depth (chunks/), not hoisted into every start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages(inline), sourceLocation(outdir)],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.startsWith('node_modules/'));
  writeFileSync(join(outdir, stampFile), `${JSON.stringify({ builtAt: new Date().toISOString(), entries, inputs }, null, 2)}\n`);
  return performance.now() - started;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = join(root, 'dist');
  if (process.argv.includes('--if-stale') && isFresh(outdir)) {
    console.log(`dist/ is up to date (${relative(root, dirname(join(outdir, stampFile)))}/${stampFile})`);
  } else {
    const ms = await buildServer(outdir);
    console.log(`built ${Object.keys(entries).length} entries into dist/ in ${Math.round(ms)} ms`);
  }
}
