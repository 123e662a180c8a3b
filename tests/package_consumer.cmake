# policybench as another project uses it: installed and found by find_package(policybench CONFIG) (MODE install), or
# added by add_subdirectory, as FetchContent adds it (MODE subdirectory); the host example built there runs (exit 0),
# and installed, the user's op example too.
# Run as: cmake -DMODE=<install|subdirectory> -DSOURCE=<policybench source> -DBUILD_TREE=<its build> -DWORK=<scratch>
#               -DGENERATOR=<generator> -DCXX=<compiler> -DPACKAGE_CUDA=<ON|OFF: the build has device rows>
#               [-DCXX_FLAGS=<flags> -DLINK_FLAGS=<flags>] -P this file
cmake_minimum_required(VERSION 3.25) # IN_LIST, string(JSON)
function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${step}: exit status ${status}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK}")
set(configure "${CMAKE_COMMAND}" -B "${WORK}/build" -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX}"
              "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}" -DCMAKE_BUILD_TYPE=Release)
if(MODE STREQUAL "install")
  set(prefix "${WORK}/prefix")
  run(install "${CMAKE_COMMAND}" --install "${BUILD_TREE}" --prefix "${prefix}")
  # examples/ as a project of its own, given only the prefix: nothing but what was installed can be found.
  run(configure ${configure} -S "${SOURCE}/examples" "-DCMAKE_PREFIX_PATH=${prefix}")
  # The package found must be the one just installed, not one elsewhere on the system.
  file(STRINGS "${WORK}/build/CMakeCache.txt" found REGEX "^policybench_DIR:")
  string(FIND "${found}" "policybench_DIR:PATH=${prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "found another policybench: ${found}")
  endif()
  # The examples ask for the GPU example (minutes of nvcc) only where the package has device rows.
  file(STRINGS "${WORK}/build/CMakeCache.txt" cuda REGEX "^POLICYBENCH_ENABLE_CUDA:")
  if(NOT cuda MATCHES ":BOOL=${PACKAGE_CUDA}$")
    message(FATAL_ERROR "examples against a package with device rows ${PACKAGE_CUDA}: ${cuda}")
  endif()
  set(target example_host_policies)
else()
  file(WRITE "${WORK}/consumer/CMakeLists.txt" "cmake_minimum_required(VERSION 3.25)
project(consumer LANGUAGES CXX)
add_subdirectory(\"${SOURCE}\" policybench EXCLUDE_FROM_ALL)
add_executable(consumer \"${SOURCE}/examples/host_policies.cpp\")
target_link_libraries(consumer PRIVATE policybench::headers policybench::thrust_tbb)
")
  run(configure ${configure} -S "${WORK}/consumer" -DPOLICYBENCH_ENABLE_CUDA=OFF) # the host example only
  set(target consumer)
endif()
run(build "${CMAKE_COMMAND}" --build "${WORK}/build" --target ${target})
run(run "${WORK}/build/${target}")
message(STATUS "${out}")

# Installed, a user's op (examples/user_op.cpp; where the package has device rows, its user_op_device.cu too, compiled
# by nvcc against policybench::device_op) builds against policybench::main and runs with policybench's own options;
# its report names the op, and every host row that ran validated.
if(MODE STREQUAL "install")
  run(build "${CMAKE_COMMAND}" --build "${WORK}/build" --target example_user_op)
  run(run "${WORK}/build/example_user_op" --size 1M --reps 3 --budget 5 --quiet --format json
      --output "${WORK}/user_op.json")
  file(READ "${WORK}/user_op.json" out)
  string(JSON workload GET "${out}" environment config workload)
  if(NOT workload STREQUAL "my_op")
    message(FATAL_ERROR "the report's workload is '${workload}', not my_op")
  endif()
  string(JSON rows LENGTH "${out}" results)
  math(EXPR last "${rows} - 1")
  set(validated "")
  foreach(i RANGE ${last})
    string(JSON role GET "${out}" results ${i} role)
    string(JSON status GET "${out}" results ${i} status)
    string(JSON policy GET "${out}" results ${i} policy)
    if(role STREQUAL "policy" AND NOT status STREQUAL "unavailable")
      if(NOT status STREQUAL "ok")
        message(FATAL_ERROR "my_op's row ${policy}: ${status}")
      endif()
      list(APPEND validated "${policy}")
    endif()
  endforeach()
  if(NOT "loop" IN_LIST validated OR NOT "std::par" IN_LIST validated)
    message(FATAL_ERROR "my_op's rows validated: ${validated}; loop and std::par expected among them")
  endif()
  message(STATUS "my_op validated on ${validated}")
endif()
