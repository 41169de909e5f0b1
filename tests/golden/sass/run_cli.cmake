# Runs one SASS CLI golden case: texsim's exit status, stdout and stderr must equal
# <case>.expected (first line "rc=N"). CTest passes -DTEXSIM= -DCASE= -DDIR= (the expected files)
# -DEXAMPLES= (examples/sass); review the diff before re-recording with -DRECORD=1.
if(CASE STREQUAL "texs_demo_run")
  set(args run texs-demo.sass --scene texs-demo.json --trace)
elseif(CASE STREQUAL "wide_demo_run")
  set(args run wide-demo.sass --scene wide-demo.json --trace)
elseif(CASE STREQUAL "txq_demo_run")  # TXQ/TMML execution (decisions T60-T69)
  set(args run txq-demo.sass --scene txq-demo.json --trace)
elseif(CASE STREQUAL "warp_demo_run")  # warp-wide execution (decision W13)
  set(args run warp-demo.sass --scene warp-demo.json)
else()
  message(FATAL_ERROR "unknown case ${CASE}")
endif()
execute_process(COMMAND ${TEXSIM} ${args} WORKING_DIRECTORY ${EXAMPLES}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(actual "rc=${rc}\n--- stdout\n${out}--- stderr\n${err}")
if(RECORD)  # cmake -DRECORD=1 ... -P run_cli.cmake rewrites the expected file
  file(WRITE ${DIR}/${CASE}.expected "${actual}")
endif()
file(READ ${DIR}/${CASE}.expected expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "texsim ${args}\n--- expected\n${expected}\n--- actual\n${actual}")
endif()
