# `texsim place` rewrites a scene as the hardware's descriptors over placed memory; `texsim sample
# --descriptors` (request surfaces are vISA surface indices: the scene's ids, the placed scene's
# RENDER_SURFACE_STATEs) then answers a request file with byte-identical results on both scenes
# (issue 27, decision T64: Tile64 mip tails and 3D surfaces read back through their descriptors).
# With -DJSON_PLACEMENT=1 the original scene is sampled through its JSON placements (no
# --descriptors), so that `--addresses` compares a JSON placement with the placed descriptor's; an
# EXPECT regex must then match the output (decision TS4: a Tile64 mip tail start).
# Usage: cmake -DTEXSIM=<bin> -DSCENE=<scene> -DREQUESTS=<jsonl> -DWORK=<dir> [-DARGS=a|b]
#        [-DSAMPLE_ARGS=a|b] [-DJSON_PLACEMENT=1] [-DEXPECT=regex] -P place_same_samples.cmake
file(MAKE_DIRECTORY ${WORK})
string(REPLACE "|" ";" ARGS "${ARGS}")
string(REPLACE "|" ";" SAMPLE_ARGS "${SAMPLE_ARGS}")
execute_process(COMMAND ${TEXSIM} place ${SCENE} -o ${WORK}/placed.json ${ARGS}
                WORKING_DIRECTORY ${WORK}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "texsim place ${SCENE} ${ARGS} failed (${rc}):\n${err}${out}")
endif()
file(READ ${WORK}/placed.json placed)
if(NOT placed MATCHES "\"gpu_memory\"" OR NOT placed MATCHES "\"surface_states\"")
  message(FATAL_ERROR "the placed scene has no gpu_memory or surface_states:\n${placed}")
endif()
foreach(scene ${SCENE} ${WORK}/placed.json)
  set(descriptors --descriptors)
  if(JSON_PLACEMENT AND scene STREQUAL SCENE)
    set(descriptors "")
  endif()
  execute_process(COMMAND ${TEXSIM} sample --scene ${scene} --requests ${REQUESTS} -q ${descriptors}
                          ${SAMPLE_ARGS}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE r)
  if(NOT r EQUAL 0)
    message(FATAL_ERROR "texsim sample on ${scene} failed (${r}):\n${e}${o}")
  endif()
  list(APPEND outs "${o}")
endforeach()
list(GET outs 0 a)
list(GET outs 1 b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "different results:\n--- ${SCENE}\n${a}\n--- placed\n${b}")
endif()
if(DEFINED EXPECT AND NOT a MATCHES "${EXPECT}")
  message(FATAL_ERROR "the output does not match ${EXPECT}:\n${a}")
endif()
string(REGEX MATCHALL "\n" rows "${a}")
list(LENGTH rows n)
message(STATUS "identical results (${n} lookups)")
