# The rows of CI's step table written by bash (`.ci/run`'s own steps, scripts/ci/chromium.sh's install), in the
# tab-separated form scripts/ci/lanes.mjs writes too and scripts/ci/step-table.mjs reads: name, start in seconds
# since CI began, seconds, outcome, CPU seconds. Sourced, not run.

# The CPU seconds (user and system) of a shell's children, from a file of bash's `times` output (its second line).
# The shell must run `times` itself, into the file: in a subshell (`$(times)`) it would count the subshell's
# children, none.
ci_children_cpu() {
  awk 'NR == 2 { gsub(/[ms]/, " "); printf "%.1f", $1 * 60 + $2 + $3 * 60 + $4 }' "$1"
}

# `ci_row <name> <start ms> <exit status> <CPU seconds>`: appends a step that ends now to CI_STEP_TIMES, if set.
ci_row() {
  [ -n "${CI_STEP_TIMES:-}" ] || return 0
  local outcome=passed
  [ "$3" -eq 0 ] || outcome=FAILED
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$((($2 - ${CI_STARTED_AT:-$2}) / 1000))" \
    "$(awk "BEGIN { printf \"%.1f\", ($(date +%s%3N) - $2) / 1000 }")" "$outcome" "$4" >>"$CI_STEP_TIMES"
}
