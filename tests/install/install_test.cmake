# CTest `library.install`: installs the build into a fresh prefix and builds the examples of
# docs/library.md against it, with find_package and with pkg-config, then runs them.
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

# The installed headers name only each other: nothing of src/ leaks into the public API.
file(GLOB headers ${prefix}/include/texsim/*)
foreach(h ${headers})
  file(STRINGS ${h} includes REGEX "^#include \"")
  foreach(line ${includes})
    if(NOT line MATCHES "^#include \"texsim/")
      message(FATAL_ERROR "${h} includes a non-public header: ${line}")
    endif()
  endforeach()
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

# find_package(texsim) consumers (C++ and C).
run(${CMAKE_COMMAND} -S ${SRC}/examples/library -B ${WORK}/ex -G Ninja -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC} -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK}/ex)
run(${WORK}/ex/lookup)
run(${WORK}/ex/lookup_c)
message(STATUS "${last_out}")
run(${WORK}/ex/program ${SRC}/examples/visa/sampler3d.json ${SRC}/examples/visa/sampler3d.visaasm)
message(STATUS "${last_out}")
run(${WORK}/ex/program ${SRC}/examples/sass/tlds-demo.json ${SRC}/examples/sass/tlds-demo.sass)

# pkg-config consumer: the static library's private dependencies come from --static.
file(GLOB pcdir ${prefix}/lib*/pkgconfig)
set(ENV{PKG_CONFIG_PATH} ${pcdir})
run(pkg-config --modversion texsim)
string(STRIP "${last_out}" v)
if(NOT v STREQUAL VERSION)
  message(FATAL_ERROR "pkg-config says texsim ${v}, the build is ${VERSION}")
endif()
run(pkg-config --cflags texsim)
string(STRIP "${last_out}" cflags)
set(cflags_text "${cflags}")
separate_arguments(cflags UNIX_COMMAND "${cflags}")
run(pkg-config --static --libs texsim)
string(STRIP "${last_out}" libs)
set(libs_text "${libs}")
separate_arguments(libs UNIX_COMMAND "${libs}")
run(${CXX} -std=c++20 ${cflags} ${SRC}/examples/library/lookup.cpp -o ${WORK}/lookup_pc ${libs})
run(${WORK}/lookup_pc)
run(${CC} -std=c11 -Wall -Werror ${cflags} ${SRC}/examples/library/lookup.c -o ${WORK}/lookup_c
    ${libs})
run(${WORK}/lookup_c)
# The DPI-C scoreboard as Verilator users build it (issue 31): `verilator --cc --exe --build`
# compiles scoreboard.c as C++, against the installed texsim through pkg-config.
find_program(VERILATOR verilator)
if(VERILATOR)
  set(dpi ${SRC}/tests/dpi)
  run(${VERILATOR} --cc --exe --build -j 2 --top-module tb --prefix Vtb --Mdir ${WORK}/dpi
      ${dpi}/tb.sv ${dpi}/fetch_unit.sv ${dpi}/tb_main.cpp ${dpi}/scoreboard.c
      -CFLAGS "${cflags_text}" -LDFLAGS "${libs_text}" -o tb)
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
