#!/usr/bin/env bash
# The checkers CI runs after the tests, the same for a developer: AddressSanitizer + UBSan on every test,
# ThreadSanitizer on the CPU policy tests, valgrind on a small run, a bounded libFuzzer run of the command line.
# Usage: scripts/check.sh [JOB...] (default: asan tsan valgrind fuzz). Prints each job's time; exit 1 if any failed.
# Each job returns at its first failing step: called in `if`, a function runs without set -e, so a failed build would
# otherwise go on to run (or skip) its checker and read as ok.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh check
jobs=("$@")
(($#)) || jobs=(asan tsan valgrind fuzz)
fuzz_seconds=${POLICYBENCH_FUZZ_SECONDS:-60}
failed=()

# The sanitize test preset leaves out the mpi label: Open MPI's own (uninstrumented) allocations read as leaks, and
# ASan's shadow memory cannot start under the failing-rank test's address-space limit.
# It leaves out the python_only and many_runs labels too: tests that run no instrumented code, or repeat whole
# runs whose writers the doctests already run under the sanitizer (CI's time is bounded).
asan() {
  cmake --preset sanitize >/dev/null || return
  cmake --build --preset sanitize || return
  ctest --preset sanitize
}

# libtbb from Debian is not instrumented: every handoff through its scheduler looks like a race to TSan (hundreds
# of false reports). An instrumented oneTBB of the same version, built once into build/tbb-tsan, makes them
# visible, so no suppression is needed. OpenMP is left out of this build for the same reason (libgomp's
# barriers are futexes TSan cannot see); thrust::omp and oneDPL's @omp rows are then listed unavailable.
tsan() {
  local tbb=build/tbb-tsan version
  if [[ ! -f $tbb/install/lib/cmake/TBB/TBBConfig.cmake ]]; then
    version=$(dpkg-query -W -f='${source:Version}' libtbb-dev)
    rm -rf "$tbb/src" && mkdir -p "$tbb/src"
    (cd "$tbb/src" && apt-get source -qq --download-only "onetbb=$version" && tar xf onetbb_*.orig.tar.*) || return
    cmake -S "$tbb"/src/oneTBB-* -B "$tbb/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTBB_TEST=OFF \
      -DTBB_EXAMPLES=OFF -DTBBMALLOC_BUILD=OFF -DTBB_STRICT=OFF -DTBB_SANITIZE=thread \
      -DCMAKE_INSTALL_PREFIX="$PWD/$tbb/install" >/dev/null || return
    cmake --build "$tbb/build" || return
    cmake --install "$tbb/build" >/dev/null || return
  fi
  cmake --preset tsan >/dev/null || return
  cmake --build --preset tsan || return
  # 1000003 elements is enough to split across every thread; 10^7 only makes TSan slower.
  POLICYBENCH_TEST_MAX_SIZE=1000003 TSAN_OPTIONS="halt_on_error=1" \
    build/tsan/tests/policybench_tests -tc="*host*,1000 calls*,oneDPL*"
}

# Worker threads of oneTBB and libgomp are still parked at exit, holding their thread-local storage: valgrind
# counts that as "possibly lost". Definite leaks fail the job.
valgrind_run() {
  cmake --preset ci-cpu >/dev/null || return
  cmake --build --preset ci-cpu || return
  valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite --show-possibly-lost=no \
    build/ci-cpu/src/policybench --size 1000 --warmup 1 --reps 2 --format json --output build/ci-cpu/valgrind.json
}

fuzz() {
  cmake --preset fuzz >/dev/null || return
  cmake --build --preset fuzz || return
  local corpus
  corpus=$(mktemp -d)
  # New inputs go to a scratch corpus; tests/fuzz_corpus holds the seeds only.
  build/fuzz/tests/policybench_fuzz_options -max_total_time="$fuzz_seconds" -print_final_stats=1 \
    "$corpus" tests/fuzz_corpus
  rm -rf "$corpus"
}

for job in "${jobs[@]}"; do
  start=$SECONDS
  case $job in
  asan | tsan | fuzz) run=$job ;;
  valgrind) run=valgrind_run ;;
  *) echo "check: unknown job '$job' (asan, tsan, valgrind, fuzz)" >&2; exit 2 ;;
  esac
  if "$run"; then status=ok; else status=FAILED failed+=("$job"); fi
  echo "=== check $job: $status ($((SECONDS - start)) s)"
done
((${#failed[@]} == 0)) || { echo "check FAILED: ${failed[*]}"; exit 1; }
