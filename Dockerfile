# syntax=docker/dockerfile:1
# A production image of Motorpool: multi-stage, Node 22, runs as the unprivileged `node` user.
# Not built by the tests (no Docker engine runs where they run): see docs/operating.md.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --no-save
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 NODE_ENV=production
# `npm run build`: next build (output: 'standalone'), then .next/static and public copied into
# .next/standalone, which is all the run stage needs (no sources, no full node_modules).
RUN npm run build

FROM node:22-bookworm-slim AS run
WORKDIR /app
ARG GIT_COMMIT=
# NEXT_MANUAL_SIG_HANDLE: SIGTERM drains (readiness 503, requests in flight finish) and exits 0.
# HOSTNAME: server.js binds it, and Docker sets it to the container's id. Without VEHICLE_API_BASE_URL
# (the demo, with its published password) the server refuses 0.0.0.0 unless DEMO_PUBLIC=true.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NEXT_MANUAL_SIG_HANDLE=true PORT=3000 HOSTNAME=0.0.0.0 KEEP_ALIVE_TIMEOUT=65000 GIT_COMMIT=$GIT_COMMIT
COPY --from=build --chown=node:node /app/.next/standalone ./
RUN mkdir -p .data && chown node:node .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
