// Bundles the CLI into dist/server.js. The workspace packages (@nova/*) are TypeScript sources
// without a build of their own, so they are bundled; every npm dependency stays an import that
// Node resolves from this package's node_modules at run time.
import { build } from 'esbuild';

/** Marks every bare import except `@nova/*` as external. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@nova/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
