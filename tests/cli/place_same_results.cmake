# `texsim place` rewrites a scene as the hardware's descriptors over placed memory; the program then
# gives byte-identical `texsim run --json` output on both scenes (issue 27 item 3).
# Usage: cmake -DTEXSIM=<bin> -DPROGRAM=<program> -DSCENE=<scene> -DWORK=<dir> [-DARGS=a|b]
#        [-DPLATFORM=P (the scene's "platform" replaced; its descriptors follow it)]
#        -P place_same_results.cmake
file(MAKE_DIRECTORY ${WORK})
string(REPLACE "|" ";" ARGS "${ARGS}")
if(PLATFORM)
  file(READ ${SCENE} text)
  string(REGEX REPLACE "\"platform\": *\"[A-Za-z0-9]+\"" "\"platform\": \"${PLATFORM}\"" text "${text}")
  set(SCENE ${WORK}/input.json)
  file(WRITE ${SCENE} "${text}")
endif()
execute_process(COMMAND ${TEXSIM} place ${SCENE} -o ${WORK}/placed.json ${ARGS}
                WORKING_DIRECTORY ${WORK}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "texsim place ${SCENE} ${ARGS} failed (${rc}):\n${err}${out}")
endif()
file(READ ${WORK}/placed.json placed)
if(NOT placed MATCHES "\"gpu_memory\"")
  message(FATAL_ERROR "the placed scene has no gpu_memory:\n${placed}")
endif()
foreach(scene ${SCENE} ${WORK}/placed.json)
  execute_process(COMMAND ${TEXSIM} run ${PROGRAM} --scene ${scene} --json -q
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE r)
  if(NOT r EQUAL 0)
    message(FATAL_ERROR "texsim run on ${scene} failed (${r}):\n${e}${o}")
  endif()
  list(APPEND outs "${o}")
endforeach()
list(GET outs 0 a)
list(GET outs 1 b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "different results:\n--- ${SCENE}\n${a}\n--- placed\n${b}")
endif()
string(LENGTH "${a}" n)
message(STATUS "identical results (${n} bytes of JSON)")
