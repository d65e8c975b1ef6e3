# Build with Bun, ship only the single binary in a slim image (same steps as `npm run build`).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN useradd --system --home /data pi-site && mkdir -p /data && chown pi-site /data
COPY --from=build /app/dist/pi-site /usr/local/bin/pi-site
USER pi-site
WORKDIR /data
ENV DATA_DIR=/data PORT=3000
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=3s CMD ["/usr/local/bin/pi-site", "healthcheck"]
CMD ["/usr/local/bin/pi-site"]
