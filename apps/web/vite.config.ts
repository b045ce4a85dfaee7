import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), devConfigFromBff()],
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/trpc': BFF_URL,
      '/auth': BFF_URL,
      '/healthz': BFF_URL,
    },
  },
  build: {
    target: 'es2022',
    // Read by scripts/bench.mjs to attribute chunks to routes.
    manifest: true,
    sourcemap: true,
    reportCompressedSize: false,
  },
});
