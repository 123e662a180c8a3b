#!/usr/bin/env bash
# The repository's root tracks what README's Layout names and the root's own files, nothing else: a stray output
# committed or staged by mistake (issue 38: a --list-policies output, lp.txt) fails here, by name.
# Usage: repository_root.sh SOURCE_DIR. Skipped (77) outside a git checkout of its own (a tarball has no index).
set -uo pipefail
root=$(realpath "$1")
top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null) && [[ $(realpath "$top") == "$root" ]] || {
  echo "$root is not the top of a git checkout: skipped"
  exit 77
}

# The folders README's Layout block lists (their first component: include/policybench/ is include), and the files
# of the root itself: the build's, the README and the tools' settings.
allowed=$(awk '/^## Layout/ { layout = 1 } layout && /^```$/ { if (block++) exit; next }
               block && match($0, /^[^ ]+\//) { split(substr($0, 1, RLENGTH), part, "/"); print part[1] }' \
  "$root/README.md")
[[ -n $allowed ]] || { echo "README.md: no folder list under '## Layout'"; exit 1; }
allowed+=$'\n'$(printf '%s\n' CMakeLists.txt CMakePresets.json README.md .clang-format .gitignore)

stray=$(git -C "$root" ls-files -z | tr '\0' '\n' | cut -d/ -f1 | sort -u | grep -vxF -f <(sort -u <<<"$allowed"))
if [[ -n $stray ]]; then
  echo "tracked at the repository root but not in README's Layout nor a root file of the project:" $stray
  echo "(a run's output committed by mistake? remove it; a new folder: name it under README's '## Layout')"
  exit 1
fi
echo "the root tracks only the folders README's Layout names and the root's own files"
