// Fixture for layering.modifier_spelled_twice: a printer that spells a modifier itself, which
// tests/layering/spellings.cmake must reject.
void print(std::string& out, bool aoffi) {
  if (aoffi) out += ".AOFFI";
}
