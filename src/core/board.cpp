// Explicit instantiations of the board for the capacities the project uses: the referee's
// Board (25) and the compact boards for playouts on the common sizes.
#include "jpd/board.hpp"

namespace jpd {
template class BoardT<9>;
template class BoardT<13>;
template class BoardT<19>;
template class BoardT<25>;
}  // namespace jpd
