# The app image for the scale deployment (docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npm run build:server

FROM node:20-bookworm-slim
WORKDIR /app
# A container is reached through its published port: listen on every interface inside it.
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 BUILDON_DATA_DIR=/data
COPY --from=build /app /app
EXPOSE 8080
# Plain JavaScript compiled by build:server (dist/); packages load from node_modules.
CMD ["node", "--enable-source-maps", "dist/api/main.js"]
