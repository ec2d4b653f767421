/** Public pages of the product family the portal links to (footer, sign-up policy). */
export const LINKS = {
  securityPolicy: "https://www.ladipage.vn/chinh-sach-bao-mat",
  help: "https://help.ladipage.vn",
  terms: "https://www.ladipage.vn/dieu-khoan-su-dung",
  privacy: "https://www.ladipage.vn/chinh-sach-bao-mat",
} as const;
