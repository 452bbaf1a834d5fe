# Anstoss in a container: one image, the club's data in a volume (README.md, "Docker").
#   docker build -t anstoss .
#   docker run -d --name anstoss -p 127.0.0.1:4321:4321 -v anstoss-data:/data \
#     -e SITE_URL=https://www.verein.at -e TRUST_PROXY=172.17.0.1 anstoss
# Node 20, as the project runs everywhere (docs/decisions: stack).
FROM node:20-bookworm-slim

# DATA_DIR outside /app: the database migrations ship in /app/data/migrations and must
# come from the image on every upgrade, never from an old volume.
# HOST 0.0.0.0: inside a container the port is reached through Docker's network;
# publish it on the host's loopback (-p 127.0.0.1:4321:4321) behind nginx.
ENV NODE_ENV=production \
    ASTRO_TELEMETRY_DISABLED=1 \
    MALLOC_ARENA_MAX=2 \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=4321

WORKDIR /app

# rsync and ssh for a deploy to a shared web host (DEPLOY_RSYNC_TARGET); a font for the
# titles of the share images (docs/decisions/023-share-images.md); chattr, so that the publisher
# makes its new files apart from the ones it freed (docs/decisions/050)
RUN apt-get update \
 && apt-get install -y --no-install-recommends rsync openssh-client ca-certificates fonts-dejavu-core e2fsprogs \
 && rm -rf /var/lib/apt/lists/*

COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

COPY . .
RUN node scripts/build-if-needed.mjs --force \
 && mkdir -p /data \
 && chown -R node:node /data

USER node
VOLUME ["/data"]
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:4321/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Node is PID 1 and stops gracefully on SIGTERM (docs/decisions/012)
STOPSIGNAL SIGTERM
# a small young generation, as the render processes have (docs/decisions/043)
CMD ["node", "--max-semi-space-size=4", "scripts/start.mjs"]
