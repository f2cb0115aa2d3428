#include "jpd/web/assets.hpp"

namespace jpd::web {

const Asset* find_asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  if (path.size() < 2 || path[0] != '/') return nullptr;
  const std::string_view name = path.substr(1);
  for (const Asset& a : assets())
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace jpd::web
