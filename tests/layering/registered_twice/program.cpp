// Fixture for layering.isa_registered_twice: an API file that registers a front end of its own
// instead of asking isa::registry(), which tests/layering/single_home.cmake must reject.
const Frontend& frontend() { static const auto f = sass::make_frontend(); return *f; }
