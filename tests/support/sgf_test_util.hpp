// Helpers for the SGF and replay tests: the shared corpus, tree comparison, expected errors.
#pragma once

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "jpd/sgf.hpp"
#include "shared_corpus.hpp"

namespace jpd::test {

// Every .sgf file of the shared corpus, sorted by name.
inline std::vector<std::string> corpus_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(JPD_SHARED_DIR "/corpus/games"))
    if (e.path().extension() == ".sgf") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

inline std::string corpus_file(const std::string& name) {
  return JPD_SHARED_DIR "/corpus/games/" + name;
}

// "" when the trees hold the same properties (identifiers and raw values) in the same order in
// the same shape; else where they first differ. Locations are not compared.
inline std::string tree_difference(const sgf::GameTree& a, const sgf::GameTree& b,
                                   const std::string& path = "root") {
  if (a.nodes.size() != b.nodes.size())
    return path + ": " + std::to_string(a.nodes.size()) + " vs " + std::to_string(b.nodes.size()) +
           " nodes";
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    const auto &pa = a.nodes[i].props, &pb = b.nodes[i].props;
    const std::string at = path + " node " + std::to_string(i);
    if (pa.size() != pb.size()) return at + ": different number of properties";
    for (size_t k = 0; k < pa.size(); ++k)
      if (pa[k].id != pb[k].id || pa[k].values != pb[k].values)
        return at + ": property " + pa[k].id + " differs from " + pb[k].id;
  }
  if (a.variations.size() != b.variations.size()) return path + ": different variation counts";
  for (size_t v = 0; v < a.variations.size(); ++v) {
    std::string d = tree_difference(a.variations[v], b.variations[v],
                                    path + " variation " + std::to_string(v));
    if (!d.empty()) return d;
  }
  return "";
}

// The sgf::Error that f throws, or nothing.
template <class F>
std::optional<sgf::Error> sgf_error_of(F&& f) {
  try {
    f();
  } catch (const sgf::Error& e) {
    return e;
  }
  return std::nullopt;
}

}  // namespace jpd::test
