# Runs one vISA CLI golden case: texsim's exit status and combined stdout+stderr must equal
# <case>.expected (first line: "rc=N"). Invoked by CTest with -DTEXSIM= -DCASE= -DDIR=; review
# the diff before re-recording with -DRECORD=1.
if(CASE STREQUAL "check_mixed")
  set(args check check_mixed.visaasm)
elseif(CASE STREQUAL "asm_hex")
  set(args asm --hex binary_v42.visaasm)
elseif(CASE STREQUAL "disasm_bytes")
  set(args disasm --bytes 788000000000000004050000000000280000000000290000000000)
else()
  message(FATAL_ERROR "unknown case ${CASE}")
endif()
execute_process(COMMAND ${TEXSIM} ${args} WORKING_DIRECTORY ${DIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(actual "rc=${rc}\n${out}${err}")
if(RECORD)  # cmake -DRECORD=1 ... -P run_cli.cmake rewrites the expected file
  file(WRITE ${DIR}/${CASE}.expected "${actual}")
endif()
file(READ ${DIR}/${CASE}.expected expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "texsim ${args}\n--- expected\n${expected}\n--- actual\n${actual}")
endif()
