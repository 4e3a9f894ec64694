# The studio's image: the API (compiled, build/) serving the built admin.
# One image runs every role of docs/deployment.md — an API instance
# (`node build/bin/server.js`), a queue worker (`node build/ace.js
# queue:listen`) and the one-shot migration (`node build/ace.js
# studio:prepare`). Configuration comes from the environment only.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and sharp may need to compile when no prebuilt binary fits
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY admin/package.json admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf admin/node_modules admin/src tests

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3333 \
    LOG_LEVEL=info \
    TZ=UTC \
    NODE_HEAP_MB=512
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/storage && chown node:node /app/storage
USER node
EXPOSE 3333
# liveness only: readiness (/api/health/ready) is the proxy's business
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3333)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# the heap cap of scripts/node_flags.js (NODE_HEAP_MB): V8 collects sooner, RSS stays flat
CMD ["sh", "-c", "exec node --max-old-space-size=${NODE_HEAP_MB} build/bin/server.js"]
