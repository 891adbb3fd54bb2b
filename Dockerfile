# syntax=docker/dockerfile:1
# The team editor (npm run team, docs/team-editor.md) in a container:
#
#   docker build -t page-editor-team .
#   docker run -d --name page-editor -p 127.0.0.1:4322:4322 -v page-editor-data:/data \
#     -e OIDC_ISSUER=https://sso.example.com/realms/marketing -e OIDC_CLIENT_ID=page-editor \
#     -e OIDC_CLIENT_SECRET=… -e EDITOR_PUBLIC_URL=https://edit.example.com -e EDITOR_TRUST_PROXY=true \
#     page-editor-team --repository git@github.com:example/site.git
#
# The HTTPS proxy (Caddy, nginx) runs on the host in front of the published port. The image holds
# the editor's code only: the site is the repository it clones into the /data volume (with the
# sessions, the workspaces and the audit log).

# 1. The packages, exactly as the lock file says (the editor compiles its TypeScript with esbuild and
#    builds its app with Vite: development packages included).
FROM node:20-bookworm-slim AS packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && npm cache clean --force

# 2. The code, and the server's and its threads' modules compiled once here
#    (pipeline/compiled-module.mjs) rather than at the first start or publish.
FROM node:20-bookworm-slim AS code
WORKDIR /app
COPY --from=packages /app/node_modules ./node_modules
COPY . .
RUN node --input-type=module -e "\
  const { compiledModule } = await import('./pipeline/compiled-module.mjs'); \
  for (const entry of ['scripts/team.ts', 'editor/changes/merge-worker.ts', 'editor/server/publish-worker.ts']) \
    compiledModule(process.cwd(), entry);"

# 3. What runs: git (every publish), tini (reaps what git leaves), a user of its own.
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends git openssh-client ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 editor \
  && useradd --system --uid 10001 --gid editor --home-dir /home/editor --create-home editor
WORKDIR /app
# The code belongs to root and is read-only to the server; only Vite's, the compiled modules' and the
# built app's caches and the data folder are its to write.
COPY --from=code /app ./
RUN mkdir -p /app/node_modules/.vite /app/.cache /data \
  && chown -R editor:editor /app/node_modules/.vite /app/.cache /data
USER editor
# Listening on every address of the container is this explicit setting (the default is 127.0.0.1);
# publish the port to the host's loopback only (-p 127.0.0.1:4322:4322), for the proxy.
ENV NODE_ENV=production \
    EDITOR_LISTEN_ADDRESS=0.0.0.0
VOLUME ["/data"]
EXPOSE 4322
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4322/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--", "node", "scripts/run-compiled.mjs", "--production", "scripts/team.ts", "--data", "/data"]
CMD ["--help"]
