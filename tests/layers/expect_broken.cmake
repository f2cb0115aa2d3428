# The layering check must fail on a broken tree, naming each fault:
#   cmake -DCHECK=cmake/CheckLayers.cmake -DROOT=tests/layers/broken -P tests/layers/expect_broken.cmake
# tests/layers/broken/ is a small tree with one fault of each kind (core including a report
# header, rules including a private header of count, a public header of core including one of
# count, a source outside the layer folders) and a report source including lower headers only,
# which must not be reported. Run by ctest (tests/CMakeLists.txt: layers_check_fails_when_broken).
execute_process(COMMAND "${CMAKE_COMMAND}" -DROOT=${ROOT} -P "${CHECK}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
  message(FATAL_ERROR "the layering check passed a broken tree:\n${out}")
endif()
set(expected
  "src/core/bad_public.cpp:3: layer core includes jpd/text.hpp of higher layer report"
  "src/rules/bad_private.cpp:4: layer rules includes faults.hpp of higher layer count"
  "include/jpd/point.hpp:4: layer core includes jpd/count.hpp of higher layer count"
  "src/stray.cpp: in no layer folder"
  "layering: 4 error(s)")
foreach(e IN LISTS expected)
  string(FIND "${out}" "${e}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the layering check did not say \"${e}\":\n${out}")
  endif()
endforeach()
message(STATUS "the layering check fails on the broken tree, naming its 4 faults")
