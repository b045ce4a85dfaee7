# syntax=docker/dockerfile:1.7
# Production images of the BFF (serving the SPA) and, for demos, the game API simulator.
# Build: docker build --target bff -t nova-legacy-bff .

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @nova/web --filter @nova/bff --filter @nova/game-api-sim build \
 && pnpm --filter @nova/bff deploy --prod --legacy /out/bff \
 && pnpm --filter @nova/game-api-sim deploy --prod --legacy /out/game-api-sim

FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
USER node

FROM runtime AS bff
COPY --from=build --chown=node:node /out/bff /app/apps/bff
COPY --from=build --chown=node:node /app/apps/web/dist /app/apps/web/dist
COPY --from=build --chown=node:node /app/apps/web/dist-ssr /app/apps/web/dist-ssr
ENV WEB_DIST_DIR=/app/apps/web/dist PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/bff/dist/server.js"]

FROM runtime AS game-api-sim
COPY --from=build --chown=node:node /out/game-api-sim /app/apps/game-api-sim
ENV GAME_API_PORT=8090 GAME_API_HOST=0.0.0.0 NODE_ENV=development
EXPOSE 8090
CMD ["node", "apps/game-api-sim/dist/server.js"]
