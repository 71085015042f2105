import { fileURLToPath } from 'node:url';
import { build as viteBuild, type InlineConfig, type Plugin, type Rollup } from 'vite';

/** The app's main module: what boot.ts loads once the first frame is painted. */
const MAIN = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url));

type Chunks = ReadonlyMap<string, Rollup.OutputChunk>;

/** The chunk files `fileNames` import statically, transitively, with themselves. */
function staticClosure(chunks: Chunks, fileNames: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const queue = [...fileNames];
  for (let fileName = queue.pop(); fileName !== undefined; fileName = queue.pop()) {
    if (found.has(fileName)) continue;
    found.add(fileName);
    queue.push(...(chunks.get(fileName)?.imports ?? []));
  }
  return found;
}

function chunksOf(items: Iterable<Rollup.OutputChunk | Rollup.OutputAsset>): Map<string, Rollup.OutputChunk> {
  return new Map([...items].flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
}

function mainChunkOf(chunks: Chunks): Rollup.OutputChunk {
  const main = [...chunks.values()].find((chunk) => chunk.facadeModuleId === MAIN);
  if (main === undefined) throw new Error(`the build has no chunk for ${MAIN}`);
  return main;
}

/** The modules of `fileNames`' chunks (those that kept any code). */
function modulesOf(chunks: Chunks, fileNames: Iterable<string>): Set<string> {
  return new Set([...fileNames].flatMap((fileName) => Object.keys(chunks.get(fileName)?.modules ?? {})));
}

/**
 * One file for the modules the app's start-up shares with the chunks loaded later.
 *
 * The app (src/app/main.tsx, loaded by the tiny boot entry) needs its main chunk and every chunk
 * main imports statically before its first line runs. Left to itself, the bundler cuts the modules
 * main shares with later chunks (a panel, the sign-in flow, the evals) into a chunk per set of
 * sharers: thirty files, some of a hundred bytes. Each is a request, and a plain HTTP/1.1 host (S3,
 * nginx, `python -m http.server`, the bench's) serves six at a time per page, so the app's start
 * waited on rounds of requests: measured, a build cut into 53 files started 80 ms later than one in
 * 30, and the same 30 files came 70 ms sooner over HTTP/2 than over HTTP/1.1.
 *
 * So the build first bundles the app as the bundler would by itself (in memory), reads which
 * modules ended up in the chunks main imports statically, and then groups exactly those into one
 * `startup` chunk. The module graph alone cannot tell which: an index's re-exports reach modules the
 * start-up never runs, which the bundler leaves to later chunks. What boot.ts loads without the app
 * (its own imports, the sign-in window's landing) is left as it was. After the build, the plugin
 * checks that the start-up loads exactly the modules it loaded before, and that the main chunk keeps
 * what it had: only the files changed.
 *
 * Why a pass of its own: the bundler puts a module where the code that *uses* it is (a module an
 * index re-exports for a later chunk only stays out of the start-up), which the module graph a plugin
 * can read (`getModuleInfo`) does not show. Measured: the same group taken from main's static imports
 * in that graph, in one pass, put 120 more modules in the start-up chunk, 86 of them the main chunk's
 * own and the rest meant for later (the JSON Schema validator, the bridge's client, the request
 * schemas): +22.6 kB gzip before the app runs.
 *
 * `analysisConfig` is the app's config for that pass, without this plugin and its group, and without
 * what takes no part in how the chunks are cut (the prerendered first frame, the demo worker).
 */
export function startupChunk(analysisConfig: () => InlineConfig): {
  plugin: Plugin;
  group: { name: string; test(id: string): boolean; includeDependenciesRecursively: false };
} {
  /** The start-up's modules in the bundler's own chunks, those the group takes, and the main chunk's. */
  let expected: { startup: ReadonlySet<string>; grouped: ReadonlySet<string>; main: ReadonlySet<string> } | undefined;
  return {
    group: {
      name: 'startup',
      test: (id) => expected?.grouped.has(id) ?? false,
      // Only the modules listed: their imports that the start-up never runs stay in later chunks.
      includeDependenciesRecursively: false,
    },
    plugin: {
      name: 'glassbox:startup-chunk',
      apply: (_config, { command, isSsrBuild }) => command === 'build' && isSsrBuild !== true,
      async buildStart() {
        const config = analysisConfig();
        const result = await viteBuild({ ...config, configFile: false, logLevel: 'silent', build: { ...config.build, write: false } });
        const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
        const chunks = chunksOf(outputs.flatMap((output) => output.output));
        const main = mainChunkOf(chunks);
        // What boot.ts loads without the app stays as it was: its own imports (the entry must stay
        // tiny) and the sign-in window's landing, which hands the answer back without the app.
        const withoutApp = new Set<string>();
        const queue = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        for (let fileName = queue.pop(); fileName !== undefined; fileName = queue.pop()) {
          const chunk = chunks.get(fileName);
          if (withoutApp.has(fileName) || chunk === undefined || chunk === main) continue;
          withoutApp.add(fileName);
          queue.push(...chunk.imports, ...chunk.dynamicImports);
        }
        const startupFiles = staticClosure(chunks, [main.fileName]);
        expected = {
          startup: modulesOf(chunks, startupFiles),
          grouped: modulesOf(
            chunks,
            [...startupFiles].filter((fileName) => fileName !== main.fileName && !withoutApp.has(fileName)),
          ),
          main: modulesOf(chunks, [main.fileName]),
        };
      },
      generateBundle(_options, bundle) {
        if (expected === undefined) throw new Error('the start-up pass did not run');
        const chunks = chunksOf(Object.values(bundle));
        const main = mainChunkOf(chunks);
        const startup = modulesOf(chunks, staticClosure(chunks, [main.fileName]));
        const differ = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
          [...a].filter((id) => !b.has(id)).concat([...b].filter((id) => !a.has(id)));
        const moved = differ(startup, expected.startup);
        if (moved.length > 0)
          throw new Error(`grouping the start-up's modules changed what loads before the app runs: ${moved.slice(0, 5).join(', ')}`);
        const mainMoved = differ(modulesOf(chunks, [main.fileName]), expected.main);
        if (mainMoved.length > 0)
          throw new Error(`grouping the start-up's modules changed the main chunk: ${mainMoved.slice(0, 5).join(', ')}`);
      },
    },
  };
}
