// The language of the texts a person reads: English or Chinese. A header of its own, below the
// texts (text.hpp), so that the layers under them name a language without depending on them.
#pragma once

namespace jpd {

enum class Lang { en, zh };

}  // namespace jpd
