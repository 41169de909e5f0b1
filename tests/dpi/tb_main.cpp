// Verilator harness of tests/dpi/tb.sv: clocks the testbench until it is done and prints the
// scoreboard's summary. `+bug` turns on the unit's mutation (the self-test must then fail).
#include <cstdio>
#include <cstring>

#include "Vtb.h"
#include "scoreboard.h"
#include "verilated.h"

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  bool bug = false;
  for (int i = 1; i < argc; ++i) bug = bug || std::strcmp(argv[i], "+bug") == 0;
  Vtb top;
  top.bug = bug;
  top.rst = 1;
  for (int i = 0; i < 4; ++i) {
    top.clk = 0;
    top.eval();
    top.clk = 1;
    top.eval();
  }
  top.rst = 0;
  long cycles = 0;
  while (!top.done && cycles < 1000000) {
    top.clk = 0;
    top.eval();
    top.clk = 1;
    top.eval();
    ++cycles;
  }
  top.final();
  const long checked = sb_checked(), bad = sb_mismatches();
  std::printf("dpi fetch_unit: %ld cycles, %ld lookups checked against texsim, mismatches: %ld\n",
              cycles, checked, bad);
  sb_finish();
  return top.done && checked > 0 && bad == 0 ? 0 : 1;
}
