import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const BFF_URL = process.env.BFF_URL ?? 'http://localhost:3000';

/**
 * In `pnpm dev` Vite serves index.html; this fills the config slot the BFF fills in production,
 * from the BFF's /public-config.json. The session slot stays empty: the SPA asks `session.me`.
 */
function devConfigFromBff(): Plugin {
  return {
    name: 'nova-dev-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      try {
        const config = await (await fetch(`${BFF_URL}/public-config.json`)).text();
        return html.replace(
          /<script id="nova-config" type="application\/json">[^<]*<\/script>/,
          () =>
            `<script id="nova-config" type="application/json">${config.replace(/</g, '\\u003c')}</script>`,
        );
      } catch {
        return html;
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    devConfigFromBff(),
    // Every static file is compressed once at build time (brotli and gzip, highest levels); the BFF
    // serves the variant the browser accepts (@fastify/static preCompressed). index.html is filled per
    // request by the BFF and compressed there; source maps are not served to visitors' browsers.
    !isSsrBuild &&
      compression({
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        exclude: [/\.map$/, /index\.html$/, /\.(png|jpe?g|webp|avif|woff2)$/],
        threshold: 512,
        skipIfLargerOrEqual: true,
      }),
  ],
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/trpc': BFF_URL,
      '/auth': BFF_URL,
      '/healthz': BFF_URL,
      '/export': BFF_URL,
    },
  },
  // The server bundle (decision 036) is self-contained (dist-ssr/, every dependency inside): no node_modules
  // lookup at run time, the same React as the SPA's.
  ssr: { noExternal: true },
  // Always React's production build on the server, whatever NODE_ENV the BFF runs with.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        reportCompressedSize: false,
      }
    : {
        target: 'es2022',
        // Read by scripts/bench.mjs to attribute chunks to routes, and by the BFF to preload the
        // chunk of a server-rendered page.
        manifest: true,
        sourcemap: true,
        reportCompressedSize: false,
        rolldownOptions: {
          // Radix's published files name every function with esbuild's `__name(fn, 'name')` call; as a
          // call it counts as a side effect and keeps code nothing uses (Tabs brought a whole unused
          // collection class). It only sets `fn.name`, so an unused result may go (decision 065).
          treeshake: { manualPureFunctions: ['__name'] },
          output: {
            // Everything the entry imports statically in one chunk beside it: left alone, the
            // bundler splits out each module a lazy chunk shares with the entry (7 files of
            // 0.4–12 KB), and every file costs a request and its headers on every page.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
        },
      },
}));
