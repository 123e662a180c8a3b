# CUDA is optional: used when nvcc is found, never required. Sets POLICYBENCH_HAVE_CUDA.
include(CheckLanguage)

option(POLICYBENCH_CUDA_LINEINFO "Device line tables (-lineinfo): compute-sanitizer reports then name source lines" OFF)

set(POLICYBENCH_HAVE_CUDA OFF)
# Why a build has no GPU policies, as the device rows will say: the user's choice and a missing nvcc differ.
set(POLICYBENCH_NO_CUDA_REASON "built without CUDA (POLICYBENCH_ENABLE_CUDA=OFF: a host-only preset)")
if(POLICYBENCH_ENABLE_CUDA)
  set(POLICYBENCH_NO_CUDA_REASON "built without nvcc (no CUDA compiler found at configure time)")
  # Never "native": it fails at generate time on a machine without a GPU. Real sm_90 code plus its PTX
  # (CMake's "90"), unless the user chose through CMAKE_CUDA_ARCHITECTURES or the CUDAARCHS variable.
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  # The toolkit's usual home is often not on PATH, where check_language looks.
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    set(POLICYBENCH_HAVE_CUDA ON)
    if(POLICYBENCH_CUDA_LINEINFO)
      string(APPEND CMAKE_CUDA_FLAGS " -lineinfo")
    endif()
  endif()
endif()
message(STATUS "policybench: GPU policies ${POLICYBENCH_HAVE_CUDA} (CUDA architectures: ${CMAKE_CUDA_ARCHITECTURES})")
