# asm --into (issue 29, decision T76): texsim disasm BASE.cubin -> listing; texsim asm listing
# --into BASE.cubin -> a cubin byte-identical to BASE (symbols, relocations, .nv.info and
# constant banks kept); a listing whose function lost a line is refused (its size changed).
# cmake -DTEXSIM= -DBASE= -DWORK= -P cubin_into.cmake
file(MAKE_DIRECTORY ${WORK})
function(run)
  execute_process(COMMAND ${TEXSIM} ${ARGN} RESULT_VARIABLE r OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT r EQUAL 0)
    message(FATAL_ERROR "texsim ${ARGN} failed (${r}): ${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
run(disasm ${BASE})
file(WRITE ${WORK}/base.sass "${out}")
run(asm ${WORK}/base.sass --into ${BASE} -o ${WORK}/same.cubin)
file(SHA256 ${BASE} h0)
file(SHA256 ${WORK}/same.cubin h1)
if(NOT h0 STREQUAL h1)
  message(FATAL_ERROR "disasm -> asm --into changed ${BASE}")
endif()
# A size change is refused, with the section named.
file(READ ${WORK}/base.sass listing)
string(REGEX REPLACE "\n[^\n]* MOV [^\n]*\n" "\n" shorter "${listing}")
file(WRITE ${WORK}/shorter.sass "${shorter}")
execute_process(COMMAND ${TEXSIM} asm ${WORK}/shorter.sass --into ${BASE} -o ${WORK}/x.cubin
                RESULT_VARIABLE r ERROR_VARIABLE err)
if(r EQUAL 0 OR NOT err MATCHES "error\\[SASS-CUBIN\\]: function divk has [0-9]+ bytes of code")
  message(FATAL_ERROR "a shorter function was not refused (${r}): ${err}")
endif()
