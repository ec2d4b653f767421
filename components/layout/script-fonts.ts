import localFont from "next/font/local";
import type { Locale } from "@/lib/locales";

// Thai and Burmese need a font of their own script: a machine without Noto shows boxes. Only the
// script's subset and the weights the interface uses (400 text, 600 headings and buttons, 700 the
// brand), self-hosted from @fontsource. Nothing is preloaded, and the family is named only on a
// th or my page, so a vi, en or id page never downloads either file. The unicode-range keeps
// Latin text (e-mail addresses, numbers) in the system font on those pages too.

const thai = localFont({
  src: [
    {
      path: "../../node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2",
      weight: "400",
    },
    {
      path: "../../node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-thai-600-normal.woff2",
      weight: "600",
    },
    {
      path: "../../node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2",
      weight: "700",
    },
  ],
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--font-script",
  declarations: [{ prop: "unicode-range", value: "U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC" }],
});

const myanmar = localFont({
  src: [
    {
      path: "../../node_modules/@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-400-normal.woff2",
      weight: "400",
    },
    {
      path: "../../node_modules/@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-600-normal.woff2",
      weight: "600",
    },
    {
      path: "../../node_modules/@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-700-normal.woff2",
      weight: "700",
    },
  ],
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--font-script",
  declarations: [
    {
      prop: "unicode-range",
      value: "U+1000-109F,U+200C-200D,U+25CC,U+A92E,U+A9E0-A9FE,U+AA60-AA7F,U+116D0-116E3",
    },
  ],
});

const SCRIPT_FONTS: Partial<Record<Locale, string>> = { th: thai.variable, my: myanmar.variable };

/** The class that sets `--font-script` (globals.css puts it first in body's stack) for th and my. */
export function scriptFontClass(locale: Locale): string | undefined {
  return SCRIPT_FONTS[locale];
}
