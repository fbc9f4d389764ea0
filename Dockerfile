# Cloud Console: multi-stage image. Build: docker build -t cloud-console .
# Run: docker run -p 8080:8080 -e HOST=0.0.0.0 -e PUBLIC_URL=https://console.example.com cloud-console
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The SPA into dist/, the server bundle into dist-server/.
RUN npm run build

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SKIP_BUILD=true DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY package.json ./
# The bundle is run directly: no build step or dev tooling at start. /data holds the embedded local cloud's state.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): requests in flight drain within SHUTDOWN_GRACE_MS. The collector works on
# the event loop's thread, as `npm start` has it: a replica has one core, and helper threads took it in slices.
CMD ["node", "--single-threaded-gc", "dist-server/start.mjs"]
