// The shared corpus (../shared/corpus) for the tests that read it.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>

// Tests that read the shared corpus (../shared/corpus) skip, saying so, when it is not there (CI
// always has it).
#define JPD_SKIP_WITHOUT_SHARED_CORPUS()                                        \
  do {                                                                        \
    if (!std::filesystem::is_directory(JPD_SHARED_DIR "/corpus/games"))       \
      GTEST_SKIP() << "no shared corpus at " JPD_SHARED_DIR "/corpus/games";  \
  } while (0)
