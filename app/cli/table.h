// A plain text table for the CLI: columns aligned, numbers right-aligned.
#pragma once
#include <ostream>
#include <string>
#include <vector>

namespace rl::cli {

class Table {
public:
    explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
    void print(std::ostream& out) const;

private:
    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
};

std::string fixed(double v, int decimals);   // "12.345"
std::string number(double v);                // value as the device returned it: integer or %.9g
std::string bytes(size_t b);                 // "64 MiB", "48 KiB", "1.0 GiB"

}  // namespace rl::cli
