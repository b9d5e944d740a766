#!/usr/bin/env bash
# Before `npm test` and `npm run test:quick`: the programs the suite drives, installed when missing, so
# the README's one test command passes on a fresh machine and no test is skipped for a missing tool.
# Browser tests drive Debian's Chromium headless shell (never a downloaded browser), or the browser
# CHROMIUM_PATH names; the HTML checker needs Java; the feed tests check well-formedness with xmllint
# and Atom against RFC 4287's grammar with jing; the host tests serve the output with nginx (and its
# brotli_static module) and Caddy, as docs/deploy.md configures them.
set -euo pipefail
need=()
if [ -z "${CHROMIUM_PATH:-}" ] || [ ! -x "${CHROMIUM_PATH}" ]; then command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell); fi
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
command -v jing >/dev/null 2>&1 || need+=(jing)
command -v nginx >/dev/null 2>&1 || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
command -v caddy >/dev/null 2>&1 || need+=(caddy)
[ ${#need[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "The test suite needs: ${need[*]} (Debian package names). Install them, then run the tests again." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "The test suite needs: ${need[*]}. Run as root: apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  sudo="sudo"
fi
echo "Installing what the test suite drives: ${need[*]} (apt-get, once)…" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
