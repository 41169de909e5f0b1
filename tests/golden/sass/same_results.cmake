# The same program on two scenes gives byte-identical `texsim run --json` output (issue 27: a
# scene's surfaces and samplers as JSON, and as TIC/TSC or Intel RENDER_SURFACE_STATE /
# SAMPLER_STATE bytes over tiled gpu_memory). SASS and vISA programs alike.
# Usage: cmake -DTEXSIM=<bin> -DPROGRAM=<program> -DA=<scene> -DB=<scene> [-DPLATFORM=<p>]
#              [-DCHANGE_FROM=<text> -DCHANGE_TO=<text> -DWORK=<dir>] -P same_results.cmake
# PLATFORM runs both with --platform. CHANGE_FROM/CHANGE_TO: B is first rewritten (the one
# occurrence of CHANGE_FROM, e.g. one texel's hex in gpu_memory, replaced) into WORK, and the
# results must then differ: the bytes are what the program reads.
set(extra)
if(PLATFORM)
  set(extra --platform ${PLATFORM})
endif()
if(CHANGE_FROM)
  file(READ ${B} text)
  string(FIND "${text}" "${CHANGE_FROM}" first)
  string(FIND "${text}" "${CHANGE_FROM}" last REVERSE)
  if(first EQUAL -1 OR NOT first EQUAL last)
    message(FATAL_ERROR "${CHANGE_FROM} must occur exactly once in ${B}")
  endif()
  string(REPLACE "${CHANGE_FROM}" "${CHANGE_TO}" text "${text}")
  get_filename_component(name ${B} NAME)
  file(MAKE_DIRECTORY ${WORK})
  set(B ${WORK}/${name})
  file(WRITE ${B} "${text}")
endif()
foreach(scene A B)
  execute_process(COMMAND ${TEXSIM} run ${PROGRAM} --scene ${${scene}} --json -q ${extra}
                  OUTPUT_VARIABLE out_${scene} ERROR_VARIABLE err_${scene} RESULT_VARIABLE rc_${scene})
  if(NOT rc_${scene} EQUAL 0)
    message(FATAL_ERROR "texsim run on ${${scene}} failed (${rc_${scene}}):\n${err_${scene}}${out_${scene}}")
  endif()
endforeach()
if(CHANGE_FROM)
  if(out_A STREQUAL out_B)
    message(FATAL_ERROR "${CHANGE_FROM} -> ${CHANGE_TO} in ${B} left the results unchanged")
  endif()
  message(STATUS "changing ${CHANGE_FROM} to ${CHANGE_TO} changed the results")
  return()
endif()
if(NOT out_A STREQUAL out_B)
  message(FATAL_ERROR "different results:\n--- ${A}\n${out_A}\n--- ${B}\n${out_B}")
endif()
string(LENGTH "${out_A}" n)
message(STATUS "identical results (${n} bytes of JSON)")
