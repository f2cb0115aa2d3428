# `cmake --install`: headers, the library, the jpd program, a CMake package
# (find_package(jipingdian) -> jipingdian::jipingdian) and a pkg-config file.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(JPD_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/jipingdian")

install(TARGETS jipingdian EXPORT jipingdianTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/jpd" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS jpd RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")

install(EXPORT jipingdianTargets
  NAMESPACE jipingdian::
  FILE jipingdianTargets.cmake
  DESTINATION "${JPD_CMAKE_DIR}")
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/jipingdianConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/jipingdianConfig.cmake"
  INSTALL_DESTINATION "${JPD_CMAKE_DIR}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/jipingdianConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/jipingdianConfig.cmake"
  "${PROJECT_BINARY_DIR}/jipingdianConfigVersion.cmake"
  DESTINATION "${JPD_CMAKE_DIR}")

# pkg-config: the prefix is found from the file's own place (${pcfiledir}), so that
# `cmake --install --prefix DIR` gives a file that is right for DIR.
file(RELATIVE_PATH JPD_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file("${PROJECT_SOURCE_DIR}/cmake/jipingdian.pc.in"
               "${PROJECT_BINARY_DIR}/jipingdian.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/jipingdian.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
