#!/usr/bin/env bash
# Installs the Debian 12 packages policybench builds with, only those missing. CUDA (nvcc, CCCL) is not a Debian
# package here: it is used from /usr/local/cuda when present; without it, Thrust and CUB come from Debian.
set -euo pipefail

packages=(cmake ninja-build pkgconf g++ libtbb-dev libhwloc-dev libcli11-dev nlohmann-json3-dev libfmt-dev doctest-dev)
# policybench-mpi (built when CMake finds MPI): Open MPI and its mpirun.
packages+=(libopenmpi-dev openmpi-bin)
# scripts/plot.py, seed_compare.py and compare_reports.py (SciPy) run on Debian's python3 (not a pyenv or venv one).
packages+=(python3-matplotlib python3-numpy python3-numba python3-scipy)
# oneDPL comes from PyPI (below), installed by Debian's pip into a venv.
packages+=(python3-pip python3-venv)
# The Ctrl-C robustness rows send their one SIGINT at an exact syscall through strace's fault injection.
packages+=(strace)
# "install-deps.sh check": also what scripts/check.sh needs (valgrind; clang 14 and its libFuzzer runtime; the
# oneTBB source, fetched by apt-get source, to build an instrumented oneTBB for ThreadSanitizer).
if [ "${1:-}" = check ]; then
  packages+=(valgrind clang-14 libclang-rt-14-dev xz-utils)
  if ! grep -rqs "^Types:.*deb-src" /etc/apt/sources.list.d/ && ! grep -qs "^deb-src" /etc/apt/sources.list; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: %s\n' \
      /usr/share/keyrings/debian-archive-keyring.gpg | $sudo tee /etc/apt/sources.list.d/policybench-src.sources >/dev/null
    $sudo apt-get update -qq
  fi
fi
# Thrust/CUB: the CUDA Toolkit's CCCL when installed, Debian's otherwise.
[ -f /usr/local/cuda/lib64/cmake/cccl/cccl-config.cmake ] || packages+=(libthrust-dev libcub-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "install-deps: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# oneDPL (the oneapi::dpl rows): a pinned release of PyPI's onedpl-devel (headers and oneDPLConfig.cmake; 2022.14.0
# builds with GCC 12 and Debian's oneTBB 2021.8) in a venv under build/deps, where cmake/dependencies.cmake looks:
# the system's Python is left as it is. Nothing to do when that version is there. Without it, or without PyPI, the
# rows are listed as unavailable and everything else builds.
onedpl_version=2022.14.0
onedpl="$(cd "$(dirname "$0")/.." && pwd)/build/deps/onedpl"
if ! grep -qs "PACKAGE_VERSION \"$onedpl_version\"" "$onedpl/lib/cmake/oneDPL/oneDPLConfigVersion.cmake"; then
  echo "install-deps: installing onedpl-devel $onedpl_version into $onedpl" >&2
  rm -rf "$onedpl"
  /usr/bin/python3 -m venv --without-pip "$onedpl" &&
    /usr/bin/python3 -m pip --python "$onedpl/bin/python" install -q --disable-pip-version-check --no-deps \
      --root-user-action=ignore "onedpl-devel==$onedpl_version" ||
    { echo "install-deps: onedpl-devel not installed: the oneapi::dpl rows will be unavailable" >&2; rm -rf "$onedpl"; }
fi
