# syntax=docker/dockerfile:1
# The vpsops image. Build stage: every dependency, then esbuild bundles dist/. Runtime stage: dist/,
# bin/, package*.json and production dependencies only (no TypeScript sources, no tsx, no esbuild),
# run as the unprivileged `node` user. Build: docker build -t vpsops:0.1.0 .
#
# The base image is pinned to an exact Node release (Debian bookworm slim: glibc, which the chart
# renderer's native module needs). To update it, change NODE_IMAGE below to the newest
# node:20.x.y-bookworm-slim tag (https://hub.docker.com/_/node), or pin a digest
# (node:20.x.y-bookworm-slim@sha256:…), and rebuild with `docker build --pull`.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Scripts wait until the sources are here: `prepare` would build from nothing.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# bin/build.js exits 0 even when the build fails; the stamp proves it completed.
RUN node bin/build.js && test -f dist/build-stamp.json

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    VPSOPS_DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY bin ./bin
# The embedded store, its audit log and rendered charts live in the data dir.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# PORT: Slack events, Discord interactions and /healthz. Set VPSOPS_ADMIN_PORT (e.g. 9090) to move
# /readyz and /metrics to a second port that stays private.
EXPOSE 3000
# No curl in slim images: Node's fetch asks /healthz on PORT (served with or without the admin port).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node runs as PID 1: `serve` handles SIGTERM/SIGINT itself (stops the adapters, the HTTP servers
# and the store, then exits 0), so no init process is needed.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "bin/vpsops.js"]
CMD ["serve"]
