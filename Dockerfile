# Solace production image: Node 22 LTS + LiteFS. The app runs under `litefs mount`, which
# replicates the SQLite database across machines and routes writes to the primary.
# Uploaded files go to the bucket when BUCKET_NAME is set; without one, to UPLOADS_DIR on the
# volume (mounted at /var/lib/litefs), which only suits a single machine.

FROM node:22-bookworm-slim AS base
ENV NODE_ENV=production
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fuse3 sqlite3 \
  && rm -rf /var/lib/apt/lists/*

# Install all dependencies (better-sqlite3 compiles here when no prebuilt binary fits).
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# patches/: fixes to dependencies, applied by the install's postinstall (docs/decisions/028).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build && npm prune --omit=dev

FROM base
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs
WORKDIR /app
ENV LITEFS_DIR=/litefs \
  DATABASE_PATH=/litefs/solace.db \
  UPLOADS_DIR=/var/lib/litefs/uploads \
  PORT=8081
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server ./server
COPY --from=build /app/server.js /app/package.json ./
COPY litefs.yml /etc/litefs.yml
ENTRYPOINT ["litefs", "mount"]
