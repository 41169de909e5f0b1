// Fixture for layering.isa_registered_twice: the one registry (a stand-in for
// src/isa/registry.cpp), next to an API file that makes its own front end.
void add_all(Registry& r) { r.add(visa::make_frontend()); }
