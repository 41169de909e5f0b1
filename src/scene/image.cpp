// PNG reading and writing through libpng's simplified API (no setjmp in our code).
// Errors come back as strings; never prints or throws.
#include "scene/image.hpp"

#include <png.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace texsim::scene {

bool png_size(const std::string& path, uint32_t& width, uint32_t& height, std::string& error) {
  png_image img;
  std::memset(&img, 0, sizeof img);
  img.version = PNG_IMAGE_VERSION;
  if (png_image_begin_read_from_file(&img, path.c_str()) == 0) {
    error = img.message[0] != '\0' ? img.message : "cannot read PNG";
    png_image_free(&img);
    return false;
  }
  width = img.width;
  height = img.height;
  png_image_free(&img);
  return true;
}

std::optional<Image> read_png(const std::string& path, std::string& error) {
  return read_png(path, error, PngCheck{});
}

std::optional<Image> read_png(const std::string& path, std::string& error, const PngCheck& check) {
  png_image img;
  std::memset(&img, 0, sizeof img);
  img.version = PNG_IMAGE_VERSION;
  // Reads the header only: nothing the size of the image is allocated before the checks below.
  if (png_image_begin_read_from_file(&img, path.c_str()) == 0) {
    error = img.message[0] != '\0' ? img.message : "cannot read PNG";
    png_image_free(&img);
    return std::nullopt;
  }
  img.format = PNG_FORMAT_RGBA;
  if (img.width == 0 || img.height == 0 || img.width > (1u << 16) || img.height > (1u << 16)) {
    error = "PNG size " + std::to_string(img.width) + "x" + std::to_string(img.height) +
            " is outside 1..65536";
    png_image_free(&img);
    return std::nullopt;
  }
  if ((check.width != 0 && img.width != check.width) ||
      (check.height != 0 && img.height != check.height)) {
    error = "the PNG header says " + std::to_string(img.width) + "x" + std::to_string(img.height) +
            ", the surface's level 0 is " + std::to_string(check.width) + "x" +
            std::to_string(check.height);
    png_image_free(&img);
    return std::nullopt;
  }
  const uint64_t bytes = uint64_t{img.width} * img.height * 4;
  if (bytes > check.max_bytes) {
    error = "decoding it needs " + std::to_string(bytes) + " bytes, more than the " +
            std::to_string(check.max_bytes) + " bytes left in the budget";
    png_image_free(&img);
    return std::nullopt;
  }
  Image out(img.width, img.height);
  if (png_image_finish_read(&img, nullptr, out.rgba.data(), 0, nullptr) == 0) {
    error = img.message[0] != '\0' ? img.message : "cannot decode PNG";
    png_image_free(&img);
    return std::nullopt;
  }
  return out;
}

bool encode_png(const Image& image, std::vector<uint8_t>& out, std::string& error) {
  if (image.width == 0 || image.height == 0 ||
      image.rgba.size() != size_t{image.width} * image.height * 4) {
    error = "empty or inconsistent image";
    return false;
  }
  png_image img;
  std::memset(&img, 0, sizeof img);
  img.version = PNG_IMAGE_VERSION;
  img.width = image.width;
  img.height = image.height;
  img.format = PNG_FORMAT_RGBA;
  png_alloc_size_t size = 0;
  // First call: the size; second: the bytes (libpng's documented two-step use).
  if (png_image_write_to_memory(&img, nullptr, &size, 0, image.rgba.data(), 0, nullptr) == 0) {
    error = img.message[0] != '\0' ? img.message : "cannot encode PNG";
    return false;
  }
  out.resize(size);
  if (png_image_write_to_memory(&img, out.data(), &size, 0, image.rgba.data(), 0, nullptr) == 0) {
    error = img.message[0] != '\0' ? img.message : "cannot encode PNG";
    return false;
  }
  out.resize(size);
  return true;
}

bool write_png(const std::string& path, const Image& image, std::string& error) {
  std::vector<uint8_t> bytes;
  if (!encode_png(image, bytes, error)) return false;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    error = std::string("cannot open for writing: ") + std::strerror(errno);
    return false;
  }
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const int saved = errno;
  if (std::fclose(f) != 0 || !written) {
    error = std::string("cannot write PNG: ") + std::strerror(written ? errno : saved);
    return false;
  }
  return true;
}

}  // namespace texsim::scene
