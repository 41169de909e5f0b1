# CTest `library.install`: installs the build into a fresh prefix and builds the examples of
# docs/library.md against it, static and shared, with find_package and with pkg-config, then runs
# them; checks what libtexsim.so exports and that the shared programs really link it.
# cmake -DBUILD=<build dir> -DSRC=<source dir> -DWORK=<scratch dir> -DCXX=<c++> [-DCC=<cc>] -P
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "failed (${rc}): ${cmd}\n${out}\n${err}")
  endif()
  set(last_out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK})
set(prefix ${WORK}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix})
file(GLOB_RECURSE so ${prefix}/libtexsim.so)
get_filename_component(libdir "${so}" DIRECTORY)

# The installed headers name only each other: nothing of src/ leaks into the public API, and
# the internal types appear only as opaque declarations (decision A3).
file(GLOB headers ${prefix}/include/texsim/*)
foreach(h ${headers})
  file(STRINGS ${h} includes REGEX "^#include \"")
  foreach(line ${includes})
    if(NOT line MATCHES "^#include \"texsim/")
      message(FATAL_ERROR "${h} includes a non-public header: ${line}")
    endif()
  endforeach()
  file(STRINGS ${h} uses REGEX "detail::[A-Za-z]+Impl&|impl\\(\\)")
  if(uses)
    message(FATAL_ERROR "${h} exposes an implementation: ${uses}")
  endif()
endforeach()

# docs/library.md shows every example file in full.
file(READ ${SRC}/docs/library.md doc)
file(GLOB examples ${SRC}/examples/library/*)
foreach(ex ${examples})
  file(READ ${ex} body)
  string(FIND "${doc}" "${body}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "docs/library.md does not show ${ex} as it is")
  endif()
endforeach()

# Whether `program` links libtexsim.so from the prefix (`shared`) or has texsim in itself.
function(check_linkage program shared)
  run(readelf -d ${program})
  string(FIND "${last_out}" "[libtexsim.so.0]" needed)
  run(ldd ${program})
  if(shared AND (needed EQUAL -1 OR NOT last_out MATCHES "libtexsim.so.0 => ${libdir}/"))
    message(FATAL_ERROR "${program} does not link ${libdir}/libtexsim.so.0:\n${last_out}")
  elseif(NOT shared AND NOT needed EQUAL -1)
    message(FATAL_ERROR "${program} should have libtexsim.a in itself:\n${last_out}")
  endif()
endfunction()

include(${CMAKE_CURRENT_LIST_DIR}/exports.cmake)
check_exports(${so} ${prefix}/include/texsim/texsim.h)

# find_package(texsim) consumers (C++ and C): texsim::texsim and texsim::texsim_shared.
foreach(shared OFF ON)
  set(ex ${WORK}/ex-shared-${shared})
  run(${CMAKE_COMMAND} -S ${SRC}/examples/library -B ${ex} -G Ninja -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC} -DCMAKE_PREFIX_PATH=${prefix}
      -DTEXSIM_SHARED=${shared})
  run(${CMAKE_COMMAND} --build ${ex})
  foreach(program lookup lookup_c program)
    check_linkage(${ex}/${program} ${shared})
  endforeach()
  run(${ex}/lookup)
  run(${ex}/lookup_c)
  message(STATUS "${last_out}")
  run(${ex}/program ${SRC}/examples/visa/sampler3d.json ${SRC}/examples/visa/sampler3d.visaasm)
  message(STATUS "${last_out}")
  run(${ex}/program ${SRC}/examples/sass/tlds-demo.json ${SRC}/examples/sass/tlds-demo.sass)
endforeach()

# pkg-config consumers: texsim.pc links libtexsim.so, texsim-static.pc libtexsim.a.
file(GLOB pcdir ${prefix}/lib*/pkgconfig)
set(ENV{PKG_CONFIG_PATH} ${pcdir})
foreach(pc texsim texsim-static)
  run(pkg-config --modversion ${pc})
  string(STRIP "${last_out}" v)
  if(NOT v STREQUAL VERSION)
    message(FATAL_ERROR "pkg-config says ${pc} ${v}, the build is ${VERSION}")
  endif()
  run(pkg-config --cflags ${pc})
  string(STRIP "${last_out}" cflags_text_${pc})
  separate_arguments(cflags UNIX_COMMAND "${cflags_text_${pc}}")
  run(pkg-config --libs ${pc})
  string(STRIP "${last_out}" libs_text_${pc})
  separate_arguments(libs UNIX_COMMAND "${libs_text_${pc}}")
  set(shared OFF)
  if(pc STREQUAL "texsim")
    set(shared ON)
    set(ENV{LD_LIBRARY_PATH} ${libdir})  # no rpath: as a distribution's /usr/lib would be
  endif()
  run(${CXX} -std=c++20 ${cflags} ${SRC}/examples/library/lookup.cpp -o ${WORK}/lookup_${pc}
      ${libs})
  run(${CC} -std=c11 -Wall -Werror ${cflags} ${SRC}/examples/library/lookup.c
      -o ${WORK}/lookup_c_${pc} ${libs})
  foreach(program lookup_${pc} lookup_c_${pc})
    check_linkage(${WORK}/${program} ${shared})
    run(${WORK}/${program})
  endforeach()
  unset(ENV{LD_LIBRARY_PATH})
endforeach()
# The DPI-C scoreboard as Verilator users build it (issue 31): `verilator --cc --exe --build`
# compiles scoreboard.c as C++, against the installed libtexsim.a through pkg-config.
find_program(VERILATOR verilator)
if(VERILATOR)
  set(dpi ${SRC}/tests/dpi)
  run(${VERILATOR} --cc --exe --build -j 2 --top-module tb --prefix Vtb --Mdir ${WORK}/dpi
      ${dpi}/tb.sv ${dpi}/fetch_unit.sv ${dpi}/tb_main.cpp ${dpi}/scoreboard.c
      -CFLAGS "${cflags_text_texsim-static}" -LDFLAGS "${libs_text_texsim-static}" -o tb)
  run(${WORK}/dpi/tb)
  if(NOT last_out MATCHES "mismatches: 0\n")
    message(FATAL_ERROR "the verilator --exe build of tests/dpi disagrees: ${last_out}")
  endif()
  message(STATUS "${last_out}")
endif()
# The Python module from the prefix.
if(PYTHON)
  set(ENV{PYTHONPATH} ${prefix}/lib/python3/dist-packages)
  run(${PYTHON} -c "import texsim, sys; sys.exit(texsim.__version__ != '${VERSION}')")
  run(${PYTHON} ${SRC}/examples/library/lookup.py)
endif()
message(STATUS "library.install: OK (${prefix})")
