# cmake --install: include/policybench and policybenchConfig.cmake, so that another project's
# find_package(policybench CONFIG) gets the targets add_subdirectory gives it, under the same names.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(policybench_config_dir "${CMAKE_INSTALL_LIBDIR}/cmake/policybench")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/policybench" TYPE INCLUDE)
# The headers and the instruction set they are compiled for (cmake/host_isa.cmake), as configured here. The Thrust
# targets are not exported: they are CCCL's imported targets, which the config file creates as dependencies.cmake does.
set_target_properties(policybench_headers PROPERTIES EXPORT_NAME headers)
set_target_properties(policybench_host_isa PROPERTIES EXPORT_NAME host_isa)
install(TARGETS policybench_headers EXPORT policybench_targets INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS policybench_host_isa EXPORT policybench_targets)
install(EXPORT policybench_targets NAMESPACE policybench:: FILE policybenchTargets.cmake
        DESTINATION "${policybench_config_dir}")

configure_package_config_file(cmake/policybenchConfig.cmake.in policybenchConfig.cmake
                              INSTALL_DESTINATION "${policybench_config_dir}")
# 0.x: a new minor version may change the API.
write_basic_package_version_file(policybenchConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/policybenchConfig.cmake" "${PROJECT_BINARY_DIR}/policybenchConfigVersion.cmake"
        DESTINATION "${policybench_config_dir}")
