# CTest `library.deb`: CPack's .deb holds both libraries, headers, CMake package, pkg-config files,
# CLI. cmake -DBUILD=<build dir> -DWORK=<scratch dir> -DVERSION_MINOR=<n> -P deb_test.cmake
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND cpack -G DEB -B ${WORK} --config ${BUILD}/CPackConfig.cmake
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cpack failed:\n${out}\n${err}")
endif()
file(GLOB debs ${WORK}/*.deb)
list(LENGTH debs n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected one .deb in ${WORK}, found: ${debs}")
endif()
execute_process(COMMAND dpkg-deb -c ${debs} OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
# libtexsim.so comes as the file, its SONAME link and the development link (decision A5).
foreach(f usr/lib/libtexsim.a usr/include/texsim/texsim.hpp usr/include/texsim/version.h
          usr/include/texsim/export.h usr/lib/cmake/texsim/texsimConfig.cmake
          usr/lib/pkgconfig/texsim.pc usr/lib/pkgconfig/texsim-static.pc usr/bin/texsim
          usr/lib/python3/dist-packages/texsim/__init__.py "usr/lib/libtexsim.so.0.${VERSION_MINOR}."
          "usr/lib/libtexsim.so.0 -> libtexsim.so.0.${VERSION_MINOR}."
          "usr/lib/libtexsim.so -> libtexsim.so.0\n")
  string(FIND "${listing}" "./${f}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${debs} lacks ${f}:\n${listing}")
  endif()
endforeach()
execute_process(COMMAND dpkg-deb -x ${debs} ${WORK}/root)
file(GLOB so ${WORK}/root/usr/lib/libtexsim.so.0.*)
execute_process(COMMAND readelf -d ${so} OUTPUT_VARIABLE dyn)
if(NOT dyn MATCHES "Library soname: \\[libtexsim.so.0\\]")
  message(FATAL_ERROR "${so} has no SONAME libtexsim.so.0:\n${dyn}")
endif()
message(STATUS "library.deb: OK ${debs}")
