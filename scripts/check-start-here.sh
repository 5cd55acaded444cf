#!/usr/bin/env bash
# The README's "Start here", run as a newcomer runs it (.ci/run, issue 43): its sh block, read
# from the README itself, in a shell with the machine's own PATH and npm settings and nothing of
# ours, must start the app, so `GET /` on port 3000 answers 200 within fifteen minutes. The app is
# then stopped. Its output is shown only when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

lines="$(awk '/^## Start here/ { found = 1; next } found && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' README.md)"
if [ -z "$lines" ]; then
  echo "check-start-here: no sh block under the README's \"## Start here\"" >&2
  exit 1
fi
echo "Running the README's Start here:"
sed 's/^/    /' <<<"$lines"

log="$(mktemp)"
# A session of its own, so the whole tree it starts (npm, the server) stops with it.
setsid env -i HOME="$HOME" PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" TERM=dumb \
  bash -c "$lines" >"$log" 2>&1 &
pid=$!
stop() { kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
trap stop EXIT

for _ in $(seq 1 900); do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "check-start-here: the README's Start here stopped before the app answered:" >&2
    cat "$log" >&2
    exit 1
  fi
  if [ "$(curl -s -o /dev/null -w '%{http_code}' http://localhost:3000/ || true)" = "200" ]; then
    echo "The app answered GET / with 200 on http://localhost:3000."
    exit 0
  fi
  sleep 1
done
echo "check-start-here: no answer on http://localhost:3000/ within fifteen minutes:" >&2
cat "$log" >&2
exit 1
