# The oneDPL rows (included by src/CMakeLists.txt after the policies library): the one call compiled once per oneDPL
# backend, each copy in its own shared library that hides every symbol but its entry (policies/onedpl_library.hpp
# says why). --as-needed: each records only the runtime it uses.
# -fopenmp-simd: oneDPL's unseq loops are `omp simd` loops, as libstdc++'s are (the registry has -fopenmp).
set(onedpl_runtime_TBB TBB::tbb)
set(onedpl_runtime_OPENMP OpenMP::OpenMP_CXX)
foreach(backend IN ITEMS TBB OPENMP)
  if(NOT TARGET oneDPL OR NOT TARGET ${onedpl_runtime_${backend}})
    continue()
  endif()
  string(TOLOWER "policybench_onedpl_${backend}" lib)
  add_library(${lib} SHARED policies/onedpl_library.cpp)
  get_target_property(onedpl_include oneDPL INTERFACE_INCLUDE_DIRECTORIES)
  target_include_directories(${lib} SYSTEM PRIVATE ${onedpl_include})
  target_include_directories(${lib} PRIVATE "${policies_root}" "${measure_root}")
  target_link_libraries(${lib} PRIVATE policybench::headers policybench::thrust_tbb ${onedpl_runtime_${backend}})
  target_link_options(${lib} PRIVATE LINKER:--as-needed)
  target_compile_options(${lib} PRIVATE -fopenmp-simd)
  set_target_properties(${lib} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_compile_definitions(${lib} PRIVATE ONEDPL_USE_DPCPP_BACKEND=0
                             ONEDPL_USE_TBB_BACKEND=$<STREQUAL:${backend},TBB>
                             ONEDPL_USE_OPENMP_BACKEND=$<STREQUAL:${backend},OPENMP>)
  policybench_warnings(${lib})
  target_link_libraries(policybench_policies PRIVATE ${lib})
endforeach()
# Which of them exist, for the registry and its tests alone.
add_library(policybench_onedpl_built INTERFACE)
target_compile_definitions(policybench_onedpl_built INTERFACE
  POLICYBENCH_HAVE_ONEDPL=$<TARGET_EXISTS:oneDPL>
  POLICYBENCH_HAVE_ONEDPL_TBB=$<TARGET_EXISTS:policybench_onedpl_tbb>
  POLICYBENCH_HAVE_ONEDPL_OPENMP=$<TARGET_EXISTS:policybench_onedpl_openmp>)
target_link_libraries(policybench_policies PRIVATE policybench_onedpl_built)
