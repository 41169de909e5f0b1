// A scene launch from ocloc's program binary (issue 28 item 2): "launch": {"program": {"file":
// "k.bin", "kernel": NAME}, "args": {"0": ...}} — arguments by their OpenCL index, laid out as
// the runtime does from the kernel's patch tokens (ocl_binary.hpp). Depends on the scene reader.
#pragma once

#include "isa/visa/scene_section.hpp"
#include "scene/json_reader.hpp"

namespace texsim::isa::visa {

// Reads launch.program and launch.args (`launch` is the "launch" object; global_size and
// local_size already in `l`): each argument by the tokens that name it — a scalar's bytes, a
// buffer's binding-table index and GPU address (and its stateless pointer), an image's
// binding-table index and implicit arguments (width, height, depth, array size, mip levels,
// channel data type and order as cl.h's values) — the work sizes and the kernel's SAMPLER_STATEs
// (its dynamic state heap) into `st.samplers`. Fills l.buffers, l.addresses, l.images and
// l.cross_thread; reports SCENE-* and VISA-OCL-* at the keys' paths.
void read_launch_program(scene::JsonReader& r, const scene::Json& launch, const scene::Scene& scene,
                         SceneState& st, KernelLaunch& l);

}  // namespace texsim::isa::visa
