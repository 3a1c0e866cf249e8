//===- StringStream.h - Buffered printing into a std::string ----*- C++ -*-===//
//
// raw_string_ostream is unbuffered: every `<<` of a schema's many small
// pieces goes through a virtual write and a string append. Schemas, names
// and signatures are printed for every function, several times over, so
// these streams collect the pieces in a buffer on the stack instead and
// hand them on in one go.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_STRINGSTREAM_H
#define OPGEN_SUPPORT_STRINGSTREAM_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <string>

namespace opgen {

/// Appends to a std::string, through a stack buffer; the string is complete
/// after flush() or str(), and when the stream goes away.
class BufferedStringStream : public llvm::raw_ostream {
public:
  explicit BufferedStringStream(std::string &S) : S(S) {
    SetBuffer(Buffer, sizeof(Buffer));
  }
  ~BufferedStringStream() override { flush(); }
  std::string &str() {
    flush();
    return S;
  }

private:
  void write_impl(const char *Ptr, size_t Size) override {
    S.append(Ptr, Size);
  }
  uint64_t current_pos() const override { return S.size(); }

  std::string &S;
  char Buffer[256];
};

/// Compares what is printed to it with \p Expected, keeping none of it: for
/// checking that a text is what printing some value gives, which it nearly
/// always is.
class MatchStream : public llvm::raw_ostream {
public:
  explicit MatchStream(llvm::StringRef Expected) : Expected(Expected) {
    SetBuffer(Buffer, sizeof(Buffer));
  }
  ~MatchStream() override { flush(); }
  /// Whether everything printed so far is exactly Expected.
  bool matches() {
    flush();
    return Match && Pos == Expected.size();
  }

private:
  void write_impl(const char *Ptr, size_t Size) override {
    // While it matches, Pos is within Expected.
    if (Match && (Size > Expected.size() - Pos ||
                  std::memcmp(Expected.data() + Pos, Ptr, Size) != 0))
      Match = false;
    Pos += Size;
  }
  uint64_t current_pos() const override { return Pos; }

  llvm::StringRef Expected;
  size_t Pos = 0;
  bool Match = true;
  char Buffer[256];
};

} // namespace opgen

#endif // OPGEN_SUPPORT_STRINGSTREAM_H
