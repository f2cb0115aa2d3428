# Finds the Python the module is built for, and pybind11. Sets JPD_PYTHON_FOUND.
#
# The interpreter: Python_EXECUTABLE when given; else the `python3` on PATH (resolved through
# shims such as pyenv's to the real interpreter) when it has its development headers; else
# Debian's /usr/bin/python3. The module then imports in that interpreter (and in any other of the
# same version and ABI: the tests may run under Debian's python3, which has pytest).

function(jpd_pick_python out)
  set(${out} "" PARENT_SCOPE)
  find_program(jpd_path_python3 python3 NO_CACHE)
  foreach(candidate IN ITEMS ${jpd_path_python3} /usr/bin/python3)
    if(NOT EXISTS "${candidate}")
      continue()
    endif()
    execute_process(
      COMMAND "${candidate}" -c
        "import os, sys, sysconfig; h = os.path.join(sysconfig.get_paths()['include'], 'Python.h'); print(sys.executable if os.path.exists(h) else '')"
      OUTPUT_VARIABLE exe OUTPUT_STRIP_TRAILING_WHITESPACE
      RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND exe)
      set(${out} "${exe}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

set(JPD_PYTHON_FOUND FALSE)
if(NOT Python_EXECUTABLE)
  jpd_pick_python(jpd_python)
  if(jpd_python)
    set(Python_EXECUTABLE "${jpd_python}" CACHE FILEPATH "Python interpreter the module is built for")
  endif()
endif()
if(Python_EXECUTABLE)
  find_package(Python 3.8 QUIET COMPONENTS Interpreter Development.Module)
  if(Python_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
    if(pybind11_FOUND)
      set(JPD_PYTHON_FOUND TRUE)
    endif()
  endif()
endif()
