# texsim as an installed library (docs/library.md): libtexsim.a holds the public API (src/api/)
# and every layer's objects; headers in include/texsim/; CMake package, pkg-config, CPack .deb.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

configure_file(${PROJECT_SOURCE_DIR}/cmake/version.h.in
               ${PROJECT_BINARY_DIR}/include/texsim/version.h @ONLY)

file(GLOB texsim_api_srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/api/*.cpp)
add_library(texsim_lib STATIC ${texsim_api_srcs}
  $<TARGET_OBJECTS:texsim_core> $<TARGET_OBJECTS:texsim_texunit> $<TARGET_OBJECTS:texsim_scene>
  $<TARGET_OBJECTS:texsim_intel> $<TARGET_OBJECTS:texsim_visa> $<TARGET_OBJECTS:texsim_sass>)
set_target_properties(texsim_lib PROPERTIES OUTPUT_NAME texsim EXPORT_NAME texsim)
add_library(texsim::texsim ALIAS texsim_lib)
target_compile_features(texsim_lib PUBLIC cxx_std_20)
target_include_directories(texsim_lib
  PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
         $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
         $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  PRIVATE ${PROJECT_SOURCE_DIR}/src)
# The layers' link dependencies; consumers find them through texsimConfig.cmake.
target_link_libraries(texsim_lib PRIVATE $<BUILD_INTERFACE:texsim_warnings>
  $<BUILD_INTERFACE:nlohmann_json::nlohmann_json> PNG::PNG TBB::tbb hwy::hwy)

install(TARGETS texsim_lib EXPORT texsimTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS texsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/texsim DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/include/texsim/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/texsim)
set(texsim_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/texsim)
install(EXPORT texsimTargets NAMESPACE texsim:: DESTINATION ${texsim_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/texsimConfig.cmake.in
  ${PROJECT_BINARY_DIR}/texsimConfig.cmake INSTALL_DESTINATION ${texsim_cmake_dir})
# 0.x: a minor release may change the API, so only the same MAJOR.MINOR is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/texsimConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/texsimConfig.cmake ${PROJECT_BINARY_DIR}/texsimConfigVersion.cmake
        DESTINATION ${texsim_cmake_dir})
configure_file(${PROJECT_SOURCE_DIR}/cmake/texsim.pc.in ${PROJECT_BINARY_DIR}/texsim.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/texsim.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# `cpack -G DEB` in the build folder: texsim-dev_<version>_<arch>.deb.
set(CPACK_PACKAGE_NAME texsim-dev)
set(CPACK_PACKAGE_VENDOR "texsim")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Bit-accurate model of GPU texture sampling (library, headers, CLI)")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "texsim maintainers")
set(CPACK_DEBIAN_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libpng-dev, libtbb-dev, libhwy-dev, python3-numpy")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)

# The C API's tests and consumers are C programs.
enable_language(C)

# The Python module (python/): not in sanitized builds (python3 does not load the ASan runtime).
if(NOT TEXSIM_SANITIZE)
  add_subdirectory(${PROJECT_SOURCE_DIR}/python ${PROJECT_BINARY_DIR}/python)
endif()

# `texsim sample` (src/cli/sample_cmd.cpp) uses the public API; libtexsim.a comes after the
# layer libraries on the link line, so only the API's own objects are taken from it.
target_link_libraries(texsim PRIVATE texsim_lib)
