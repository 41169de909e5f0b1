# The same program on two scenes gives byte-identical `texsim run --json` output (issue 27: a
# scene's surfaces and samplers as JSON, and as TIC/TSC or Intel RENDER_SURFACE_STATE /
# SAMPLER_STATE bytes over tiled gpu_memory). SASS and vISA programs alike.
# Usage: cmake -DTEXSIM=<bin> -DPROGRAM=<program> -DA=<scene> -DB=<scene> -P same_results.cmake
foreach(scene A B)
  execute_process(COMMAND ${TEXSIM} run ${PROGRAM} --scene ${${scene}} --json -q
                  OUTPUT_VARIABLE out_${scene} ERROR_VARIABLE err_${scene} RESULT_VARIABLE rc_${scene})
  if(NOT rc_${scene} EQUAL 0)
    message(FATAL_ERROR "texsim run on ${${scene}} failed (${rc_${scene}}):\n${err_${scene}}${out_${scene}}")
  endif()
endforeach()
if(NOT out_A STREQUAL out_B)
  message(FATAL_ERROR "different results:\n--- ${A}\n${out_A}\n--- ${B}\n${out_B}")
endif()
string(LENGTH "${out_A}" n)
message(STATUS "identical results (${n} bytes of JSON)")
