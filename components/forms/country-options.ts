import { getCountries, getCountryCallingCode } from "libphonenumber-js";

export type CountryOption = { code: string; dial: string; name: string | null; label: string };

/**
 * The phone input's country list. Without `locale` (the server's render and the browser's first
 * one) it is codes and dialling prefixes only, in code order: Node's and the browser's ICU name
 * countries differently (the browser may have no Burmese at all), and any difference breaks
 * hydration. After mount the browser's own names are added and the list is sorted by them.
 * Vietnam always comes first (SPEC §9: default country vn).
 */
export function countryOptions(locale?: string): CountryOption[] {
  const names = locale ? new Intl.DisplayNames([locale, "en"], { type: "region" }) : null;
  const options = getCountries().map((code): CountryOption => {
    const dial = getCountryCallingCode(code);
    const found = names?.of(code);
    const name = found && found !== code ? found : null;
    return { code, dial, name, label: name ? `${code} +${dial} ${name}` : `${code} +${dial}` };
  });
  const order = (a: CountryOption, b: CountryOption) =>
    locale && a.name && b.name ? a.name.localeCompare(b.name, locale) : a.code.localeCompare(b.code);
  return options.sort((a, b) => (a.code === "VN" ? -1 : b.code === "VN" ? 1 : order(a, b)));
}
