// Where ReduceLab keeps a user's files, after the XDG Base Directory rules: $XDG_DATA_HOME (else ~/.local/share),
// $XDG_CONFIG_HOME (else ~/.config) and $XDG_CACHE_HOME (else ~/.cache), each with "/reducelab" and a sub-folder.
#pragma once
#include <string>

namespace rl {

// "<data home>/reducelab/<sub>" ("" for sub: the folder itself); "" when neither the variable nor HOME is set.
std::string userDataDir(const std::string& sub = "");
std::string userConfigDir(const std::string& sub = "");
std::string userCacheDir(const std::string& sub = "");

}  // namespace rl
