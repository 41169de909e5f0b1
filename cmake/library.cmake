# texsim as an installed library (docs/library.md): libtexsim.a and libtexsim.so.0 built from the
# same objects (the public API in src/api/ and every layer); headers, CMake package, pkg-config, .deb.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

configure_file(${PROJECT_SOURCE_DIR}/cmake/version.h.in
               ${PROJECT_BINARY_DIR}/include/texsim/version.h @ONLY)

# The API's objects are compiled with hidden symbols: of them only what the public headers mark
# TEXSIM_API (include/texsim/export.h) is exported from libtexsim.so. The layers keep the code
# generation of their own builds and tests; libtexsim.so makes their symbols local when it links
# them (--exclude-libs), since compiling them hidden changed NaN payloads of d3d/exact lookups
# (decision A5).
set(texsim_layers texsim_core texsim_texunit texsim_scene texsim_intel texsim_hwstate texsim_visa texsim_sass
                  texsim_isa)
file(GLOB texsim_api_srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/api/*.cpp)
add_library(texsim_api OBJECT ${texsim_api_srcs})
set_target_properties(texsim_api PROPERTIES CXX_VISIBILITY_PRESET hidden
                      VISIBILITY_INLINES_HIDDEN ON)
target_compile_features(texsim_api PUBLIC cxx_std_20)
target_include_directories(texsim_api
  PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
         $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
  PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(texsim_api PRIVATE texsim_warnings nlohmann_json::nlohmann_json PNG::PNG
                      TBB::tbb hwy::hwy)
set(texsim_objects $<TARGET_OBJECTS:texsim_api>)
foreach(layer ${texsim_layers})
  list(APPEND texsim_objects $<TARGET_OBJECTS:${layer}>)
endforeach()

# texsim_lib: libtexsim.a (texsim::texsim); texsim_shared: libtexsim.so (texsim::texsim_shared),
# the same objects: the API's, and every object of the layers' archives.
add_library(texsim_lib STATIC ${texsim_objects})
add_library(texsim_shared SHARED $<TARGET_OBJECTS:texsim_api>)
# (The layers link each other, so CMake's WHOLE_ARCHIVE link feature refuses them.)
target_link_libraries(texsim_shared PRIVATE -Wl,--whole-archive ${texsim_layers}
                      -Wl,--no-whole-archive)
add_library(texsim::texsim ALIAS texsim_lib)
add_library(texsim::texsim_shared ALIAS texsim_shared)
# SONAME libtexsim.so.0 while the version is 0.x; the file is libtexsim.so.MAJOR.MINOR.PATCH.
set_target_properties(texsim_lib PROPERTIES OUTPUT_NAME texsim EXPORT_NAME texsim)
set_target_properties(texsim_shared PROPERTIES OUTPUT_NAME texsim EXPORT_NAME texsim_shared
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
# --exclude-libs: nothing of the layers' archives is exported; the version script keeps the API
# objects' template instances of the C++ runtime (std::vector<uint8_t>, ...) out too;
# --no-undefined: every dependency is named at link time (not in sanitized builds: clang links
# the sanitizer runtime into executables only, and the executable that loads the library
# provides its symbols).
set(texsim_map ${PROJECT_SOURCE_DIR}/cmake/texsim.map)
target_link_options(texsim_shared PRIVATE -Wl,--exclude-libs,ALL
  -Wl,--version-script=${texsim_map})
if(NOT TEXSIM_SANITIZE AND NOT TEXSIM_FUZZ)
  target_link_options(texsim_shared PRIVATE -Wl,--no-undefined)
endif()
set_property(TARGET texsim_shared APPEND PROPERTY LINK_DEPENDS ${texsim_map})
foreach(lib texsim_lib texsim_shared)
  target_compile_features(${lib} PUBLIC cxx_std_20)
  target_include_directories(${lib}
    PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
           $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  # The layers' link dependencies; consumers find them through texsimConfig.cmake.
  target_link_libraries(${lib} PRIVATE PNG::PNG TBB::tbb hwy::hwy)
endforeach()

install(TARGETS texsim_lib texsim_shared EXPORT texsimTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
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
# texsim.pc links libtexsim.so; texsim-static.pc names libtexsim.a itself (with both in one
# folder, -ltexsim always finds the .so: decision A6).
foreach(pc texsim texsim-static)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

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
