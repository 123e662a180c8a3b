# The package as another project sees it: install policybench into a fresh prefix, configure examples/ as a project
# of its own against it (find_package(policybench CONFIG)), build the host example and run it (exit 0: validated).
# Run as: cmake -DBUILD_TREE=<policybench build> -DEXAMPLES=<examples/> -DWORK=<scratch dir> -DGENERATOR=<generator>
#               -DCXX=<compiler> -P this file
function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${step}: exit status ${status}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK}")
set(prefix "${WORK}/prefix")
run(install "${CMAKE_COMMAND}" --install "${BUILD_TREE}" --prefix "${prefix}")
# Only the prefix: no hint at the source or build tree, so that only what was installed can be found.
run(configure "${CMAKE_COMMAND}" -S "${EXAMPLES}" -B "${WORK}/build" -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX}"
    -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${prefix}" -DPOLICYBENCH_ENABLE_CUDA=OFF)
# The package found must be the one just installed, not one elsewhere on the system.
file(STRINGS "${WORK}/build/CMakeCache.txt" found REGEX "^policybench_DIR:")
string(FIND "${found}" "policybench_DIR:PATH=${prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "found another policybench: ${found}")
endif()
run(build "${CMAKE_COMMAND}" --build "${WORK}/build" --target example_host_policies)
run(run "${WORK}/build/example_host_policies")
message(STATUS "${out}")
