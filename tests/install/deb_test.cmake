# CTest `library.deb`: CPack builds the .deb and it holds the library, headers, CMake package,
# pkg-config file and CLI.  cmake -DBUILD=<build dir> -DWORK=<scratch dir> -P deb_test.cmake
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
foreach(f usr/lib/libtexsim.a usr/include/texsim/texsim.hpp usr/include/texsim/version.h
          usr/lib/cmake/texsim/texsimConfig.cmake usr/lib/pkgconfig/texsim.pc usr/bin/texsim
          usr/lib/python3/dist-packages/texsim/__init__.py)
  string(FIND "${listing}" "./${f}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${debs} lacks ${f}:\n${listing}")
  endif()
endforeach()
message(STATUS "library.deb: OK ${debs}")
