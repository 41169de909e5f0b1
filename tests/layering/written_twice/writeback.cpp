// Fixture for layering.register_written_twice: the one home of register writes (a stand-in for
// src/isa/sass/writeback.cpp), next to an executor that writes registers itself.
void write_registers(Machine& m) { m.write(4, 0, true); }
