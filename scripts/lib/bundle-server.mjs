// Bundles an app's src/server.ts into dist/server.js. The workspace packages (@nova/*) export
// TypeScript sources without a build of their own, so they are inlined; every other bare import
// stays external and is resolved from the app's node_modules at run time. A dynamic import becomes
// a chunk of its own beside it (the BFF loads its tracing, then the app, that way). Each app passes
// its own esbuild (the root has none).
export async function bundleServer(build) {
  await build({
    entryPoints: ['src/server.ts'],
    outdir: 'dist',
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@nova/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
