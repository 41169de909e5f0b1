# Joins the host program's files (PARTS, in order) into one C++ file OUT that `c++` builds alone:
# local #include "..." and #pragma once lines become blank, #line keeps diagnostics on the parts.
# cmake -DPARTS="a.hpp;b.hpp;main.cpp" -DOUT=texsim_hw_check.cpp -P amalgamate.cmake
set(text "// texsim_hw_check as one file, joined from tests/hw/host/ by tests/hw/amalgamate.cmake.\n// Build: c++ -std=c++20 -O2 -o texsim_hw_check texsim_hw_check.cpp -ldl\n")
foreach(part ${PARTS})
  get_filename_component(name ${part} NAME)
  file(READ ${part} body)
  string(REGEX REPLACE "\n#include \"[^\"\n]*\"" "\n" body "${body}")
  string(REGEX REPLACE "\n#pragma once" "\n" body "${body}")
  string(APPEND text "#line 1 \"tests/hw/host/${name}\"\n${body}")
endforeach()
file(WRITE ${OUT}.tmp "${text}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
