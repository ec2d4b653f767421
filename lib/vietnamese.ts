/**
 * Vietnamese without its diacritics ("Mã xác thực" → "Ma xac thuc", "Đăng" → "Dang"): brandname
 * SMS in Vietnam usually travels so (IsUnicode 0), 160 characters a segment instead of 70.
 *
 * NFD splits a letter from its marks (ệ → e + U+0323 + U+0302, ư → u + U+031B); every mark
 * Vietnamese uses is in U+0300–U+036F, so Thai or Burmese signs, which live in their own blocks,
 * are left alone. đ/Đ is a letter of its own, not a d with a mark (NFD keeps it): mapped by hand.
 */
export function stripVietnameseDiacritics(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .normalize("NFC");
}
