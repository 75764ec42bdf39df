# The API with the built portal and board, as one image (docs/deploy.md).
#
# No container runtime runs on the CI machines, so `scripts/container-build.mjs` (a stage of `npm test`) reads this
# file and runs its stages in clean folders: keep every RUN relative to its WORKDIR, and COPY between stages only
# under /app. What it checks is what this image must be: built from a clean copy of the repository, production
# dependencies only, not run as root, answering its health check.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
# Only what the bundled API loads at run time (ADR 013): the API workspace's production dependencies.
RUN rm -rf node_modules && npm ci --omit=dev --workspace @hireline/api --no-audit --no-fund
# An empty folder for the data volume, so the runtime stage can own it without running anything as root.
RUN mkdir -p volume/data

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
ENV DATA_DIR=/data
ENV PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/api/package.json ./apps/api/package.json
# The API's own versions of packages the repository also has in other versions (OpenTelemetry's), and the tracing
# preload, which runs before the bundle and is not part of it (apps/api/tracing.mjs).
COPY --from=build /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /app/apps/api/tracing.mjs ./apps/api/tracing.mjs
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/board/dist ./apps/board/dist
# The board's server renderer (its search and job pages as HTML): every package it needs is bundled in.
COPY --from=build /app/apps/board/dist-ssr ./apps/board/dist-ssr
COPY --from=build --chown=node:node /app/volume/data /data
USER node
EXPOSE 3000
VOLUME /data
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/portal/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--import", "./apps/api/tracing.mjs", "apps/api/dist/main.js"]
