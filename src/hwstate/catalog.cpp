// The descriptor catalog over the vendor tables (catalog.hpp).
#include "hwstate/catalog.hpp"

#include <string>

#include "core/text.hpp"
#include "hwstate/intel_tables.hpp"
#include "hwstate/nvidia_tex.hpp"

namespace texsim::hwstate {

std::vector<CatalogPlatform> catalog() {
  std::vector<CatalogPlatform> out;
  for (const nvidia::Platform& p : nvidia::platforms())
    out.push_back({"NVIDIA", p.name, p.header, p.types});
  // Mesa has one genxml per graphics IP version: gen125.xml serves DG2 and PVC (decision IS1).
  out.push_back({"Intel", "SKL", "Mesa src/intel/genxml/gen9.xml", intel::kSKLTypes});
  out.push_back({"Intel", "TGLLP", "Mesa src/intel/genxml/gen12.xml", intel::kTGLLPTypes});
  out.push_back({"Intel", "DG2", "Mesa src/intel/genxml/gen125.xml", intel::kDG2Types});
  out.push_back({"Intel", "PVC", "Mesa src/intel/genxml/gen125.xml", intel::kDG2Types});
  return out;
}

const CatalogPlatform* find_catalog_platform(std::string_view name) {
  static const std::vector<CatalogPlatform> kAll = catalog();
  for (const CatalogPlatform& p : kAll)
    if (core::iequals(p.name, name)) return &p;
  return nullptr;
}

const DescriptorType* resolve_type(const CatalogPlatform& p, std::string_view name,
                                   std::span<const uint8_t> bytes, core::DiagSink& sink) {
  if (p.vendor == "NVIDIA" && bytes.size() >= nvidia::kEntryBytes) {
    // "TIC": the platform's default family; "TIC.V1"/"TIC.V2": the pool's
    // SET_TEXTURE_HEADER_VERSION (decision TV1). The version is the bytes' HEADER_VERSION.
    const auto* np = nvidia::find_platform(p.name);
    if (core::iequals(name, "TIC")) return nvidia::tic_type(*np, bytes, sink);
    if (core::iequals(name, "TIC.V1"))
      return nvidia::tic_type(*np, bytes, sink, {}, nvidia::TicFamily::kV1);
    if (core::iequals(name, "TIC.V2"))
      return nvidia::tic_type(*np, bytes, sink, {}, nvidia::TicFamily::kV2);
  }
  for (const DescriptorType& t : p.types)
    if (core::iequals(t.name, name)) return &t;
  std::vector<std::string_view> names;
  for (const DescriptorType& t : p.types) names.push_back(t.name);
  sink.error("DESC-TYPE", {},
             std::string(p.name) + " has no descriptor type " + std::string(name) + " (" +
                 core::join(names) +
                 (p.vendor == "NVIDIA" ? ", or TIC, TIC.V1, TIC.V2 from the bytes)" : ")"));
  return nullptr;
}

bool validate_descriptor(const CatalogPlatform& p, const DescriptorType& t,
                         std::span<const uint8_t> bytes, core::DiagSink& sink,
                         const core::Location& loc) {
  if (p.vendor == "NVIDIA") return nvidia::validate_entry(t, bytes, sink, loc);
  return validate(t, bytes, sink, loc);
}

}  // namespace texsim::hwstate
