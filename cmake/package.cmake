# cmake --install: include/policybench, the libraries a user's op's executable links (policybench::main and below,
# static; oneDPL's rows' shared libraries) with their headers, and policybenchConfig.cmake, so that another project's
# find_package(policybench CONFIG) gets the targets add_subdirectory gives it, under the same names.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(policybench_config_dir "${CMAKE_INSTALL_LIBDIR}/cmake/policybench")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/policybench" TYPE INCLUDE)
# src/'s headers, one include root for every folder (the build's one root per folder is its layering check; a user's
# translation unit includes cli/user_main.hpp and what it includes).
set(policybench_internal_include "${CMAKE_INSTALL_INCLUDEDIR}/policybench/internal")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/src/" DESTINATION "${policybench_internal_include}"
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.cuh" PATTERN "mpi" EXCLUDE)
# The headers, the instruction set they are compiled for (cmake/host_isa.cmake), as configured here, and one library
# per folder up to the command line's, each exported as policybench::<folder>. The Thrust targets are not exported:
# they are CCCL's imported targets, which the config file creates as dependencies.cmake does.
set(policybench_exported policybench_headers policybench_host_isa policybench_measure policybench_machine
    policybench_policies policybench_onedpl_built policybench_harness policybench_report policybench_cli_options
    policybench_cli_report policybench_main)
foreach(target IN ITEMS policybench_onedpl_tbb policybench_onedpl_openmp policybench_measure_cuda
                        policybench_machine_cuda policybench_policies_cuda policybench_device_op)
  if(TARGET ${target})
    list(APPEND policybench_exported ${target})
  endif()
endforeach()
foreach(target IN LISTS policybench_exported)
  string(REGEX REPLACE "^policybench_" "" name ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
endforeach()
install(TARGETS ${policybench_exported} EXPORT policybench_targets
        INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" "${policybench_internal_include}")
install(EXPORT policybench_targets NAMESPACE policybench:: FILE policybenchTargets.cmake
        DESTINATION "${policybench_config_dir}")

# What the config file finds as this build did (policybenchConfig.cmake.in).
set(policybench_have_openmp OFF)
if(TARGET OpenMP::OpenMP_CXX)
  set(policybench_have_openmp ON)
endif()
configure_package_config_file(cmake/policybenchConfig.cmake.in policybenchConfig.cmake
                              INSTALL_DESTINATION "${policybench_config_dir}")
# 0.x: a new minor version may change the API.
write_basic_package_version_file(policybenchConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/policybenchConfig.cmake" "${PROJECT_BINARY_DIR}/policybenchConfigVersion.cmake"
        DESTINATION "${policybench_config_dir}")
