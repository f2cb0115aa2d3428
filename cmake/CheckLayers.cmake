# The layering of the library, checked over the sources (docs/architecture.md):
#
#   cmake [-DROOT=<tree>] [-DLAYERS=<table>] -P cmake/CheckLayers.cmake
#
# ROOT: the tree to check (default: this project), LAYERS: the layer table (default:
# cmake/Layers.cmake beside this file). Reads every file of ROOT/src/<layer>/ and ROOT/include/jpd/
# and every #include in it: "jpd/X.hpp" (a public header: its layer is the table's) or "X.hpp" (a
# private header: its layer is the folder holding it). A file may include headers of its own layer
# and of lower ones; one line per include of a higher layer's header ("src/count/count.cpp:12:
# layer count includes jpd/text.hpp of higher layer report"), of a header of no layer, of a
# private header from a public one, and per file outside the layer folders; then exits non-zero.
#
# The compiler cannot see the layering of the public headers (they share one include directory);
# the private headers it sees too (each layer's folder is on the include path of the layers from
# it up only, src/CMakeLists.txt).
cmake_minimum_required(VERSION 3.20)

if(NOT DEFINED ROOT)
  set(ROOT "${CMAKE_CURRENT_LIST_DIR}/..")
endif()
get_filename_component(ROOT "${ROOT}" ABSOLUTE)
if(NOT DEFINED LAYERS)
  set(LAYERS "${CMAKE_CURRENT_LIST_DIR}/Layers.cmake")
endif()
include("${LAYERS}")

set(errors "")
macro(layer_error text)
  list(APPEND errors "${text}")
endmacro()

# The rank of each layer, the layer of each public header.
set(rank 0)
foreach(layer IN LISTS JPD_LAYERS)
  set("rank_${layer}" ${rank})
  math(EXPR rank "${rank} + 1")
  foreach(h IN LISTS "JPD_LAYER_${layer}_HEADERS")
    if(DEFINED "public_${h}")
      layer_error("${LAYERS}: jpd/${h} is in two layers, ${public_${h}} and ${layer}")
    endif()
    set("public_${h}" ${layer})
  endforeach()
endforeach()

# Files outside the layer folders; the layer of each private header.
file(GLOB entries RELATIVE "${ROOT}/src" LIST_DIRECTORIES true "${ROOT}/src/*")
foreach(e IN LISTS entries)
  if(IS_DIRECTORY "${ROOT}/src/${e}")
    if(NOT DEFINED "rank_${e}")
      layer_error("src/${e}/: no layer of that name in the layer table")
    endif()
  elseif(e MATCHES "\\.(cpp|hpp|h)$")
    layer_error("src/${e}: in no layer folder (src/<layer>/)")
  endif()
endforeach()
set(sources "")
foreach(layer IN LISTS JPD_LAYERS)
  file(GLOB hs RELATIVE "${ROOT}/src/${layer}" "${ROOT}/src/${layer}/*.hpp")
  foreach(h IN LISTS hs)
    if(DEFINED "private_${h}")
      layer_error("src/${layer}/${h}: a private header of that name is in ${private_${h}} too")
    endif()
    set("private_${h}" ${layer})
  endforeach()
  file(GLOB fs RELATIVE "${ROOT}" "${ROOT}/src/${layer}/*.cpp" "${ROOT}/src/${layer}/*.hpp")
  list(APPEND sources ${fs})
endforeach()
file(GLOB publics RELATIVE "${ROOT}" "${ROOT}/include/jpd/*.hpp")
foreach(f IN LISTS publics)
  get_filename_component(h "${f}" NAME)
  if(NOT DEFINED "public_${h}")
    layer_error("${f}: in no layer of the layer table (${LAYERS})")
  endif()
endforeach()

# Every include of every file.
foreach(f IN LISTS sources publics)
  if(f MATCHES "^src/([^/]+)/")
    set(layer "${CMAKE_MATCH_1}")
    set(public OFF)
  else()
    get_filename_component(h "${f}" NAME)
    if(NOT DEFINED "public_${h}")
      continue()
    endif()
    set(layer "${public_${h}}")
    set(public ON)
  endif()
  file(READ "${ROOT}/${f}" text)
  if(NOT text MATCHES "#[ \t]*include")
    continue()
  endif()
  # One list element per line: first take out what a CMake list gives a meaning to.
  string(REPLACE "\\" "/" text "${text}")
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "[" "(" text "${text}")
  string(REPLACE "]" ")" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([\"<])([^\">]+)[\">]")
      continue()
    endif()
    set(quote "${CMAKE_MATCH_1}")
    set(name "${CMAKE_MATCH_2}")
    set(where "${f}:${n}: layer ${layer}")
    if(name MATCHES "^jpd/([^/]+)$")
      set(h "${CMAKE_MATCH_1}")
      if(NOT DEFINED "public_${h}")
        layer_error("${where} includes ${name}, a header of no layer of the layer table")
      elseif(rank_${public_${h}} GREATER rank_${layer})
        layer_error("${where} includes ${name} of higher layer ${public_${h}}")
      endif()
    elseif(quote STREQUAL "<")
      continue()  # the standard library, nlohmann/json ...
    elseif(DEFINED "private_${name}")
      if(public)
        layer_error("${where}: public header includes the private header ${name} "
                    "(src/${private_${name}}/, not installed)")
      elseif(rank_${private_${name}} GREATER rank_${layer})
        layer_error("${where} includes ${name} of higher layer ${private_${name}}")
      endif()
    else()
      layer_error("${where} includes \"${name}\", a header of no layer folder")
    endif()
  endforeach()
endforeach()

list(LENGTH errors count)
if(count GREATER 0)
  foreach(e IN LISTS errors)
    message(NOTICE "${e}")
  endforeach()
  message(FATAL_ERROR "layering: ${count} error(s) above (the layers: cmake/Layers.cmake, "
                      "docs/architecture.md)")
endif()
list(LENGTH sources ns)
list(LENGTH publics np)
message(STATUS "layering: ${ns} sources and ${np} public headers follow the layers")
