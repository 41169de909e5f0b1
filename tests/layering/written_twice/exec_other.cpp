// Fixture for layering.register_written_twice: an executor that writes a register itself instead
// of through writeback.cpp, which tests/layering/single_home.cmake must reject.
void run(Machine& m) { m.write(4, 0, true); }
