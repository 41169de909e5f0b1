// Operand kinds, binary side: encode/decode of every FieldSpec kind, little-endian and
// version-aware (research/intel_visa.md §1.2). Depends on model, operands and kinds.hpp.
#include <bit>
#include <string>

#include "core/text.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/kinds_internal.hpp"

namespace texsim::isa::visa {
namespace {

using core::hex;
using detail::type_mask;

unsigned id_bytes(Version v) {
  return v >= kRawId32Version ? 4 : 2;
}

std::optional<std::string> put_checked(ByteWriter& w, uint64_t v, unsigned bytes,
                                       std::string_view what) {
  if (bytes < 8 && v >> (8 * bytes) != 0) {
    return std::string(what) + " value " + std::to_string(v) + " does not fit in " +
           std::to_string(bytes) + " byte" + (bytes == 1 ? "" : "s");
  }
  w.put(v, bytes);
  return std::nullopt;
}

std::optional<std::string> encode_raw(const RawOperand& r, Version ver, ByteWriter& w) {
  if (auto e = put_checked(w, r.id, id_bytes(ver), "raw operand id")) {
    return *e + " (vISA " + version_string(ver) + " stores ids as UW before 3.4)";
  }
  w.put(r.offset, 2);
  return std::nullopt;
}

std::optional<std::string> decode_raw(ByteReader& r, Version ver, RawOperand& out) {
  const auto id = r.get(id_bytes(ver));
  const auto off = r.get(2);
  if (!id || !off) return "truncated raw operand";
  out.id = static_cast<uint32_t>(*id);
  out.offset = static_cast<uint16_t>(*off);
  return std::nullopt;
}

}  // namespace

void ByteWriter::put(uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

std::optional<uint64_t> ByteReader::get(unsigned bytes) {
  if (remaining() < bytes) return std::nullopt;
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= uint64_t{data_[pos_ + i]} << (8 * i);
  pos_ += bytes;
  return v;
}

std::optional<std::string> encode_field(const FieldSpec& f, const OperandValue& v, Version ver,
                                        ByteWriter& w) {
  const std::string what(f.name);
  switch (f.kind) {
    case Kind::kExecSize:
      if ((v.value & 8) != 0 || (v.value & 7) > 5) return what + " has a reserved size code";
      return put_checked(w, v.value, 1, what);
    case Kind::kPredicate:
      if ((v.value & 0x1000) != 0 || ((v.value >> 13) & 3) == 3) {
        return what + " uses a reserved bit or combine code";
      }
      return put_checked(w, v.value, 2, what);
    case Kind::kUImm:
    case Kind::kMediaModifier:
    case Kind::kReservedZero:
    case Kind::kSurface:
    case Kind::kSampler:
    case Kind::kChannelMask:
    case Kind::kUnormChannels:
    case Kind::kSourceChannel:
    case Kind::kCount:
      return put_checked(w, v.value, f.width_at(ver), what);
    case Kind::kBlockCount: {
      if (v.value != 1 && v.value != 2 && v.value != 4) {
        return what + " must be 1, 2 or 4, got " + std::to_string(v.value);
      }
      w.put(static_cast<uint64_t>(std::countr_zero(v.value)), 1);
      return std::nullopt;
    }
    case Kind::kSubOpFlags: {
      const SubOpLayout& L = subop_layout(ver);
      const uint32_t op = v.value & 0xff;
      if (op >> (L.op_hi + 1) != 0) {
        return what + " sub-op " + std::to_string(op) + " does not fit bits [" +
               std::to_string(L.op_hi) + "..0] of vISA " + version_string(ver);
      }
      const uint64_t packed = op | (uint64_t{(v.value >> 8) & 1} << L.pnm_bit) |
                              (uint64_t{(v.value >> 9) & 1} << L.cps_bit) |
                              (uint64_t{(v.value >> 10) & 1} << L.divs_bit);
      w.put(packed, L.bytes);
      return std::nullopt;
    }
    case Kind::kRaw:
      return encode_raw(v.raw, ver, w);
    case Kind::kAoffimmi:
      if (ver < kRawId32Version) {  // a raw UW immediate before vISA 3.4 (research §1.2)
        if (v.vec.cls != VecClass::kImmediate || v.vec.mod != VecModifier::kNone) {
          return what + " must be an immediate before vISA 3.4 (a raw UW field)";
        }
        return put_checked(w, v.vec.imm, 2, what);
      }
      [[fallthrough]];
    case Kind::kScalar: {
      const VectorOperand& o = v.vec;
      if (o.cls != VecClass::kGeneral && o.cls != VecClass::kImmediate) {
        return what + ": only general and immediate operands are supported";
      }
      w.put(static_cast<uint64_t>(o.cls) | (static_cast<uint64_t>(o.mod) << 3), 1);
      if (o.cls == VecClass::kImmediate) {
        w.put(static_cast<uint64_t>(o.imm_type), 1);
        w.put(o.imm & 0xffffffffu, 4);
        if (type_is_64bit(o.imm_type)) w.put(o.imm >> 32, 4);
        return std::nullopt;
      }
      if (auto e = put_checked(w, o.id, id_bytes(ver), "operand id")) return e;
      w.put(o.row, 1);
      w.put(o.col, 1);
      w.put(o.region, 2);
      return std::nullopt;
    }
    case Kind::kRawList:
      for (const RawOperand& r : v.list) {
        if (auto e = encode_raw(r, ver, w)) return e;
      }
      return std::nullopt;
  }
  return "unhandled operand kind";
}

namespace {

// The 3D sampler sub-opcode with its pixel-null-mask, CPS and divS flags, whose byte width and bit
// positions depend on the file version (subop_layout).
std::optional<std::string> decode_sub_op_flags(ByteReader& r, Version ver, const std::string& what,
                                               uint32_t& out) {
  const SubOpLayout& L = subop_layout(ver);
  const auto b = r.get(L.bytes);
  if (!b) return "truncated " + what;
  const uint64_t known = ((uint64_t{1} << (L.op_hi + 1)) - 1) | (uint64_t{1} << L.pnm_bit) |
                         (uint64_t{1} << L.cps_bit) | (uint64_t{1} << L.divs_bit);
  if ((*b & ~known) != 0) return what + " has reserved bits set: " + hex(*b);
  out = static_cast<uint32_t>((*b & ((uint64_t{1} << (L.op_hi + 1)) - 1)) |
                              (((*b >> L.pnm_bit) & 1) << 8) | (((*b >> L.cps_bit) & 1) << 9) |
                              (((*b >> L.divs_bit) & 1) << 10));
  return std::nullopt;
}

// A scalar operand: its tag (class, modifier), then an immediate's type and value or a general
// variable's id, row, column and region (5_operands.md).
std::optional<std::string> decode_scalar(ByteReader& r, Version ver, const std::string& what,
                                         VectorOperand& out) {
  const auto tag = r.get(1);
  if (!tag) return "truncated " + what;
  const auto cls = static_cast<VecClass>(*tag & 7);
  const uint64_t mod = (*tag >> 3) & 7;
  if (mod > 5 || (*tag >> 6) != 0) return what + " has an invalid operand tag " + hex(*tag);
  VectorOperand o;
  o.cls = cls;
  o.mod = static_cast<VecModifier>(mod);
  if (cls == VecClass::kImmediate) {
    const auto t = r.get(1);
    if (!t) return "truncated " + what;
    if (*t >= kVisaTypeCount) return what + " has an unknown immediate type " + hex(*t);
    o.imm_type = static_cast<VisaType>(*t);
    const auto lo = r.get(4);
    if (!lo) return "truncated " + what;
    o.imm = *lo;
    if (type_is_64bit(o.imm_type)) {
      const auto hi = r.get(4);
      if (!hi) return "truncated " + what;
      o.imm |= *hi << 32;
    }
    o.imm &= type_mask(o.imm_type);
  } else if (cls == VecClass::kGeneral) {
    const auto id = r.get(id_bytes(ver));
    const auto row = r.get(1);
    const auto col = r.get(1);
    const auto reg = r.get(2);
    if (!id || !row || !col || !reg) return "truncated " + what;
    o.id = static_cast<uint32_t>(*id);
    o.row = static_cast<uint8_t>(*row);
    o.col = static_cast<uint8_t>(*col);
    o.region = static_cast<uint16_t>(*reg);
  } else {
    return what + ": vector operand class " + std::to_string(static_cast<unsigned>(cls)) +
           " is not supported (only general and immediate)";
  }
  out = o;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> decode_field(const FieldSpec& f, ByteReader& r, Version ver,
                                        uint32_t list_count, OperandValue& out) {
  out.present = true;
  const std::string what(f.name);
  auto need = [&](unsigned bytes) -> std::optional<uint64_t> { return r.get(bytes); };
  switch (f.kind) {
    case Kind::kExecSize: {
      const auto b = need(1);
      if (!b) return "truncated " + what;
      if ((*b & 8) != 0 || (*b & 7) > 5) return what + " has a reserved size code " + hex(*b);
      out.value = static_cast<uint32_t>(*b);
      return std::nullopt;
    }
    case Kind::kPredicate: {
      const auto b = need(2);
      if (!b) return "truncated " + what;
      if ((*b & 0x1000) != 0 || ((*b >> 13) & 3) == 3)
        return what + " uses a reserved bit " + hex(*b);
      // Id 0 is "no predicate" (5_operands.md; IGC's reader tests the whole word against 0):
      // inverse and control bits with id 0 name no variable and no text can carry them (F11).
      if ((*b & 0xfff) == 0 && *b != 0)
        return what + " " + hex(*b) + " sets inverse/control bits without a predicate (id 0)";
      out.value = static_cast<uint32_t>(*b);
      return std::nullopt;
    }
    case Kind::kUImm:
    case Kind::kMediaModifier:
    case Kind::kReservedZero:
    case Kind::kSurface:
    case Kind::kSampler:
    case Kind::kChannelMask:
    case Kind::kUnormChannels:
    case Kind::kSourceChannel:
    case Kind::kCount: {
      const auto b = need(f.width_at(ver));
      if (!b) return "truncated " + what;
      out.value = static_cast<uint32_t>(*b);
      return std::nullopt;
    }
    case Kind::kBlockCount: {
      const auto b = need(1);
      if (!b) return "truncated " + what;
      if (*b > 2)
        return what + " code " + std::to_string(*b) + " is reserved (0=1, 1=2, 2=4 blocks)";
      out.value = 1u << *b;
      return std::nullopt;
    }
    case Kind::kSubOpFlags:
      return decode_sub_op_flags(r, ver, what, out.value);
    case Kind::kRaw:
      return decode_raw(r, ver, out.raw);
    case Kind::kAoffimmi:
      if (ver < kRawId32Version) {
        const auto b = need(2);
        if (!b) return "truncated " + what;
        out.vec = VectorOperand{};
        out.vec.cls = VecClass::kImmediate;
        out.vec.imm_type = VisaType::kUW;
        out.vec.imm = *b;
        return std::nullopt;
      }
      [[fallthrough]];
    case Kind::kScalar:
      return decode_scalar(r, ver, what, out.vec);
    case Kind::kRawList:
      out.list.clear();
      for (uint32_t i = 0; i < list_count; ++i) {
        RawOperand ro;
        if (auto e = decode_raw(r, ver, ro)) return e;
        out.list.push_back(ro);
      }
      return std::nullopt;
  }
  return "unhandled operand kind";
}

}  // namespace texsim::isa::visa
