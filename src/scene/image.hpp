// RGBA8 images and PNG files (libpng's simplified API): what `render` writes and what scene
// "file" data sources read. Depends on nothing of texsim; never prints.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace texsim::scene {

// 8-bit RGBA, rows top to bottom, 4 bytes per pixel (R, G, B, A), no padding.
struct Image {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> rgba;

  Image() = default;
  Image(uint32_t w, uint32_t h) : width(w), height(h), rgba(size_t{w} * h * 4, 0) {}
  uint8_t* at(uint32_t x, uint32_t y) { return rgba.data() + (size_t{y} * width + x) * 4; }
  const uint8_t* at(uint32_t x, uint32_t y) const {
    return rgba.data() + (size_t{y} * width + x) * 4;
  }
};

// Reads any PNG (palette, grey, 16-bit and alpha-less files are converted to RGBA8).
// On failure returns nullopt and sets `error` to a one-line reason.
std::optional<Image> read_png(const std::string& path, std::string& error);

// What a caller expects of a PNG, checked against its header before the pixels are allocated
// (issue 15 item 1): level-0 size (0: any) and the bytes the decoded RGBA8 image may take.
struct PngCheck {
  uint32_t width = 0;
  uint32_t height = 0;
  uint64_t max_bytes = UINT64_MAX;
};
std::optional<Image> read_png(const std::string& path, std::string& error, const PngCheck& check);

// The size its header gives, reading nothing else; false with `error` set.
bool png_size(const std::string& path, uint32_t& width, uint32_t& height, std::string& error);

// The PNG file's bytes for an RGBA8 image (in memory); false with `error` set on failure.
bool encode_png(const Image& image, std::vector<uint8_t>& out, std::string& error);

// Writes an RGBA8 PNG; false with `error` set on failure.
bool write_png(const std::string& path, const Image& image, std::string& error);

}  // namespace texsim::scene
