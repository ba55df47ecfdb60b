#!/usr/bin/env bash
# Step logic of the denpex GitHub Action; usable in any CI that sets the same variables.
#
#   INPUT_PATHS       files/folders/archives, one per line (a line that is not an existing path is
#                     split on whitespace and glob-expanded)
#   INPUT_FAIL_ON     root (default) | any | never
#   INPUT_MASK_HOSTS  true | false (default)
#   DENPEX_PYTHON     Python with denpex installed (default: python3)
#   GITHUB_OUTPUT, GITHUB_STEP_SUMMARY   written when set
#
# Prints only workflow commands built from the masked JSON (never raw log text), appends a Markdown
# summary, sets outputs primary-id, rank, exit-code, verdict, json, and exits non-zero when the
# fail-on policy says so.
set -uo pipefail

py="${DENPEX_PYTHON:-python3}"
fail_on="$(printf '%s' "${INPUT_FAIL_ON:-root}" | tr '[:upper:]' '[:lower:]' | tr -d '[:space:]')"
case "$fail_on" in
  root|any|never) ;;
  *) echo "::error title=denpex::fail-on must be root, any or never"; exit 2 ;;
esac

args=(diagnose --json --quiet)
case "$(printf '%s' "${INPUT_MASK_HOSTS:-false}" | tr '[:upper:]' '[:lower:]' | tr -d '[:space:]')" in
  true|1|yes|on) args+=(--mask-hosts) ;;
esac

paths=()
while IFS= read -r line || [ -n "$line" ]; do
  line="${line%$'\r'}"
  line="${line#"${line%%[![:space:]]*}"}"   # trim leading blanks
  line="${line%"${line##*[![:space:]]}"}"   # trim trailing blanks
  [ -z "$line" ] && continue
  if [ -e "$line" ] || [ "$line" = "-" ]; then
    paths+=("$line")
  else
    # shellcheck disable=SC2206  # intended: split on whitespace and expand globs
    words=($line)
    paths+=("${words[@]}")
  fi
done <<< "${INPUT_PATHS:-}"

if [ "${#paths[@]}" -eq 0 ]; then
  echo "::error title=denpex::no paths given (input 'paths')"
  exit 2
fi

tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
json="$(mktemp "$tmp/denpex-XXXXXX")" || exit 2
mv "$json" "$json.json" && json="$json.json"

# The JSON goes to a file, never to the log: the runner would parse log lines as commands.
"$py" -m denpex "${args[@]}" -- "${paths[@]}" > "$json"
rc=$?

"$py" -m denpex.integrations.github "$json" --exit-code "$rc" --fail-on "$fail_on"
status=$?

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  echo "json=$json" >> "$GITHUB_OUTPUT"
fi
exit "$status"
