#!/usr/bin/env bash
# Debian's Chromium for CI (`.ci/run`), installed beside `npm ci` rather than before it: a fresh machine spends a
# minute in `apt-get update` and `apt-get install`, and nothing npm installs needs the browser. Two packages:
# `chromium-headless-shell`, which the tests, tools and examples launch where it is installed (half the CPU of the
# whole browser for a page: tools/chromium), and `chromium`, the browser the READMEs install, which CI's screenshots
# of the docs site run in. Their recommended packages are left out (printing, notifications, avahi, Perl's web
# libraries) but for the fonts, `fonts-liberation`: 19 packages set up rather than 107, and 17-19 s of CPU rather than
# 39 (from apt's cache).
#
#   bash scripts/ci/chromium.sh start   # returns at once; installs in the background when a browser is missing
#   bash scripts/ci/chromium.sh wait    # waits for that install, prints its output, fails when it failed
#
# Both read CI_CHROMIUM (a folder of the run's own). `start` leaves the install in a session of its own whose parent
# is not CI's shell (a subshell that exits at once): bash's `times` counts the processes it waited for, so the
# install's CPU would land in the row of whichever step was running when it ended. The install appends its own row to
# CI's step table (CI_STEP_TIMES: its start, seconds and CPU) and writes its exit status last, in one rename, so a
# waiter never reads half of it. The install runs in `/`, not in the clone: the sweep of a failed run stops what
# runs in the clone, and an apt-get stopped midway leaves dpkg's database to be mended. A failed run waits for it.
# The headless shell is a saving, not a need: where apt cannot install it (a mirror without the package), the whole
# browser is installed alone, `wait` says so, and the tests run in it.
# CI_CHROMIUM_BIN, CI_CHROMIUM_SHELL (the two paths) and CI_CHROMIUM_INSTALL (a bash command) replace the browsers
# and the install, for this script's own test (test/repository/ci-chromium.test.ts).
set -uo pipefail
dir="${CI_CHROMIUM:?CI_CHROMIUM names a folder for the log and status of the install}"
browser="${CI_CHROMIUM_BIN:-/usr/bin/chromium}"
shell="${CI_CHROMIUM_SHELL:-/usr/bin/chromium-headless-shell}"
apt_install='apt-get install -y --no-install-recommends'
command="apt-get update && { $apt_install chromium chromium-headless-shell fonts-liberation ||
  { echo 'without chromium-headless-shell:'; $apt_install chromium fonts-liberation; }; }"
command="${CI_CHROMIUM_INSTALL:-$command}"
export DEBIAN_FRONTEND=noninteractive
# The step table's row (ci_row) and the CPU read from `times` (ci_children_cpu), as .ci/run writes its own.
. "$(dirname "$0")/rows.sh"

install() {
  cd /
  local start status
  start="$(date +%s%3N)"
  # At the lowest priority: npm ci, and the lanes' first steps after it, go first; the install has the CPU they
  # leave while they wait on the registry.
  nice -n 19 bash -c "$command" </dev/null >"$dir/log" 2>&1
  status=$?
  # This shell's children: apt-get and what it ran.
  times >"$dir/times"
  ci_row 'chromium (apt-get)' "$start" "$status" "$(ci_children_cpu "$dir/times")"
  echo "$status" >"$dir/status.part" && mv "$dir/status.part" "$dir/status"
}

case "${1:-}" in
start)
  mkdir -p "$dir"
  if [ -x "$browser" ] && [ -x "$shell" ]; then
    echo "$browser, $shell: installed" >"$dir/log"
    echo 0 >"$dir/status"
  else
    echo "$browser or $shell missing: apt-get installs Debian's Chromium while npm ci runs"
    (setsid bash "$0" install </dev/null >/dev/null 2>&1 &)
  fi
  ;;
install) install ;;
wait)
  until [ -f "$dir/status" ]; do sleep 0.5; done
  cat "$dir/log"
  status="$(cat "$dir/status")"
  [ "$status" -eq 0 ] || {
    echo "apt-get install chromium failed (exit $status)"
    exit 1
  }
  printf '%s: ' "$browser"
  "$browser" --version </dev/null || exit 1
  if [ -x "$shell" ]; then
    printf '%s: ' "$shell"
    "$shell" --version </dev/null || exit 1
  else
    echo "$shell: missing; the tests run $browser (about twice the CPU a page)"
  fi
  ;;
*)
  echo "usage: bash scripts/ci/chromium.sh start|wait" >&2
  exit 2
  ;;
esac
