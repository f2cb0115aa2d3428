// The page's files (web/page/), embedded into the program at build time: the server serves these
// and nothing else, looked up by exact name, so that no request can reach another file.
#pragma once

#include <span>
#include <string_view>

namespace jpd::web {

struct Asset {
  std::string_view name;          // "index.html", "app.js", ...
  std::string_view content_type;
  std::string_view body;
};

std::span<const Asset> assets();
// The asset served at a URL path ("/" is index.html); nullptr for anything else.
const Asset* find_asset(std::string_view path);

}  // namespace jpd::web
