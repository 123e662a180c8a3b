#!/usr/bin/env bash
# One row of the table in docs/robustness.md, run against the real executable: the table is the test's input,
# so the documented messages cannot drift from the real ones.
# Usage: robustness_case.sh POLICYBENCH DOC ID. Row: | ID | `command` | exit | `stderr` or — | `ERE`... or — |
set -uo pipefail
exe=$1 doc=$2 id=$3
tests=$(dirname "$(realpath "$0")")

fail() {
  echo "robustness $id: $*" >&2
  exit 1
}

row=$(grep -E "^\| $id \|" "$doc") || fail "no row '$id' in $doc"
[[ $row != *$'\n'* ]] || fail "more than one row '$id' in $doc"
# A cell may hold a pipe escaped as \| (GitHub's table syntax, shown as |): kept apart while splitting.
row=${row//\\|/$'\x01'}
IFS='|' read -r _ _ command expected_code expected_stderr expected_stdout _ <<<"$row"

# A cell's text without the surrounding spaces, its escaped pipes restored.
cell() {
  local s=${1//$'\x01'/|}
  s=${s#"${s%%[! ]*}"}
  printf '%s' "${s%"${s##*[! ]}"}"
}
# A cell holding one code span: the span's text.
code_cell() {
  local s
  s=$(cell "$1")
  s=${s#\`}
  printf '%s' "${s%\`}"
}
# $1 as a glob that matches only itself.
glob_literal() {
  local s=$1 c
  for c in "\\" '*' '?' '['; do s=${s//"$c"/\\$c}; done
  printf '%s' "$s"
}

command=$(code_cell "$command") expected_code=$(cell "$expected_code")
expected_stderr=$(code_cell "$expected_stderr") expected_stdout=$(cell "$expected_stdout")

work=$(mktemp -d) bin=$(mktemp -d)
trap 'rm -rf "$work" "$bin"' EXIT
cd "$work" || fail "cannot enter $work"
# The command names the executable as a reader would type it, in subshells and under setpriv too. A row run as
# another user (setpriv) must reach it: the executable and the libraries it loads from the build tree are linked
# (else copied) here, outside a checkout that may be private (mode 0700, as home directories often are).
exe=$(realpath "$exe") && chmod 755 "$bin" || fail "cannot find $exe"
for file in "$exe" $(ldd "$exe" | grep -oE "$(dirname "$exe")/[^ ]+\.so[^ ]*"); do
  ln "$file" "$bin/" 2>/dev/null || cp "$file" "$bin/" || fail "cannot copy $file"
done
[[ -e $bin/policybench ]] || fail "cannot link $exe"
# The Ctrl-C rows send their one SIGINT at a stage of the run through this helper (it says how).
ln -s "$tests/sigint_at.py" "$bin/sigint_at" || fail "cannot link sigint_at.py"
export LD_LIBRARY_PATH=$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} PATH=$bin:$PATH
eval "$command" >stdout.txt 2>stderr.txt
code=$?
out=$(<stdout.txt) err=$(<stderr.txt)
rm stdout.txt stderr.txt
echo "command: $command"
echo "exit: $code"
echo "stderr: $err"
echo "stdout: ${out:0:4000}"
# 77: the row needs what this machine lacks (sigint_at: strace, or the right to trace).
if ((code == 77)) && [[ $expected_code != 77 ]]; then
  echo "robustness $id: skipped"
  exit 77
fi

[[ $code == "$expected_code" ]] || fail "exit status $code, expected $expected_code"
# A failed run leaves nothing behind: no --output file, no temporary beside it.
if ((code != 0)) && [[ -n $(ls -A) ]]; then fail "files left after a failed run: $(ls -A)"; fi

if [[ $expected_stderr == — ]]; then
  [[ -z $err ]] || fail "stderr is not empty"
else
  # Literal text, … standing for text that depends on the machine (byte counts, cores).
  pattern="" rest=$expected_stderr
  while [[ $rest == *…* ]]; do
    pattern+="$(glob_literal "${rest%%…*}")*"
    rest=${rest#*…}
  done
  pattern+=$(glob_literal "$rest")
  # shellcheck disable=SC2053 # the right side is a glob built from the table on purpose
  [[ $err == $pattern ]] || fail "stderr differs from the table's: $expected_stderr"
fi

if [[ $expected_stdout == — ]]; then
  [[ -z $out ]] || fail "stdout is not empty"
else
  while IFS= read -r regex; do
    regex=${regex#\`} regex=${regex%\`}
    grep -qE -- "$regex" <<<"$out" || fail "no stdout line matches $regex"
  done < <(grep -oE "\`[^\`]+\`" <<<"$expected_stdout")
fi
echo "robustness $id: ok"
