# Dependency discovery: every dependency arrives as an imported target.
find_package(TBB 2021 CONFIG REQUIRED)        # TBB::tbb (Debian: libtbb-dev)
find_package(OpenMP COMPONENTS CXX)           # OpenMP::OpenMP_CXX, for thrust::omp (optional)
find_package(CLI11 CONFIG REQUIRED)           # CLI11::CLI11 (libcli11-dev)
find_package(nlohmann_json 3 CONFIG REQUIRED) # nlohmann_json::nlohmann_json (nlohmann-json3-dev)
find_package(fmt CONFIG REQUIRED)             # fmt::fmt (libfmt-dev)
find_package(MPI COMPONENTS CXX)              # MPI::MPI_CXX, for policybench-mpi only (optional; libopenmpi-dev)
find_package(PkgConfig REQUIRED)              # hwloc ships a pkg-config file, no CMake package (pkgconf)
pkg_check_modules(hwloc REQUIRED IMPORTED_TARGET hwloc>=2) # PkgConfig::hwloc: the host's topology (libhwloc-dev)
# oneDPL, for the oneapi::dpl rows (optional): the pinned PyPI release scripts/install-deps.sh puts in build/deps,
# found through its own config. Its target fixes one parallel backend per project; src/ takes only its headers.
find_package(oneDPL 2022.14 CONFIG HINTS "${PROJECT_SOURCE_DIR}/build/deps/onedpl")
if(NOT TARGET oneDPL)
  message(STATUS "policybench: no oneDPL (scripts/install-deps.sh installs it): the oneapi::dpl rows are unavailable")
endif()

# Thrust and CUB come from CCCL, shipped with the CUDA Toolkit (also without nvcc on PATH).
# Two Thrust targets, because the device system is fixed per translation unit:
#   policybench::thrust_tbb  - g++ code: host systems cpp/tbb/omp, device system oneTBB
#   policybench::thrust_cuda - nvcc code: device system CUDA
set(CCCL_ENABLE_DEFAULT_THRUST_TARGET OFF)
find_package(CCCL CONFIG REQUIRED
  HINTS "${CUDAToolkit_LIBRARY_DIR}/cmake" /usr/local/cuda/lib64/cmake /usr/local/cuda/lib/cmake)
# GLOBAL: a project that adds policybench with add_subdirectory or FetchContent links them from its own directory.
thrust_create_target(policybench::thrust_tbb HOST CPP DEVICE TBB GLOBAL)
if(POLICYBENCH_HAVE_CUDA)
  thrust_create_target(policybench::thrust_cuda HOST CPP DEVICE CUDA GLOBAL)
endif()

if(POLICYBENCH_BUILD_TESTS)
  find_package(doctest CONFIG REQUIRED)       # doctest::doctest (doctest-dev 2.4.9)
  include(doctest)                            # doctest_discover_tests
endif()
