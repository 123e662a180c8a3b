# The instruction set the host code is compiled for, as the target policybench::host_isa (linked by the headers).
# NumPy and Numba pick the host's widest vector unit at run time (AVX-512 where there is one); a C++ loop built for
# the compiler's x86-64 baseline (SSE2) loses to them for that reason alone whenever the array is cache-resident
# (docs/measurement.md has the figures). So a benchmark build targets the machine it runs on:
#   native   -march=native -mprefer-vector-width=512 (g++ and clang++ otherwise keep to 256-bit vectors on some
#            AVX-512 parts, where NumPy's loops use 512 bits)
#   x86-64-v3 AVX2 + FMA (-march=x86-64-v3): binaries for another machine that is a current x86-64 server (the GPU
#            bundle's H200 host), whose host roofline and offload crossover the baseline would handicap
#   baseline the compiler's default target: binaries for any x86-64 and for valgrind, which does not decode AVX-512
set(POLICYBENCH_HOST_ISA native CACHE STRING "Host instruction set: native (this machine's), x86-64-v3 or baseline")
set_property(CACHE POLICYBENCH_HOST_ISA PROPERTY STRINGS native x86-64-v3 baseline)

add_library(policybench_host_isa INTERFACE)
add_library(policybench::host_isa ALIAS policybench_host_isa)
set(isa_flags "")
if(POLICYBENCH_HOST_ISA STREQUAL "native")
  include(CheckCXXCompilerFlag)
  check_cxx_compiler_flag("-march=native -mprefer-vector-width=512" POLICYBENCH_CXX_HAS_NATIVE_ISA)
  if(NOT POLICYBENCH_CXX_HAS_NATIVE_ISA)
    message(FATAL_ERROR "POLICYBENCH_HOST_ISA=native: ${CMAKE_CXX_COMPILER_ID} does not take -march=native "
                        "-mprefer-vector-width=512; configure with -DPOLICYBENCH_HOST_ISA=baseline")
  endif()
  set(isa_flags -march=native -mprefer-vector-width=512)
elseif(POLICYBENCH_HOST_ISA STREQUAL "x86-64-v3")
  set(isa_flags -march=x86-64-v3)
elseif(NOT POLICYBENCH_HOST_ISA STREQUAL "baseline")
  message(FATAL_ERROR "POLICYBENCH_HOST_ISA must be native, x86-64-v3 or baseline, not '${POLICYBENCH_HOST_ISA}'")
endif()
if(isa_flags)
  list(JOIN isa_flags "," host_compiler_flags)
  target_compile_options(policybench_host_isa INTERFACE
    "$<$<COMPILE_LANGUAGE:CXX>:${isa_flags}>" "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${host_compiler_flags}>")
endif()
# The report names the flags (host_info.compiled_for); empty for the baseline.
list(JOIN isa_flags " " isa_text)
target_compile_definitions(policybench_host_isa INTERFACE "POLICYBENCH_HOST_ISA_FLAGS=\"${isa_text}\"")
message(STATUS "policybench: host instruction set ${POLICYBENCH_HOST_ISA} ${isa_text}")
