import { getCountries, getCountryCallingCode } from "libphonenumber-js";

export type CountryOption = { code: string; dial: string; name: string | null; label: string };

/** Each country's name in one language, in that language's order: [code, name]. */
export type CountryNames = readonly (readonly [string, string])[];

/**
 * The countries named in `locale` by the server's ICU, sorted as that language sorts them. Node
 * has every language's data; a browser may have none for Burmese (it named them in English), so
 * the names travel with the page (components/forms/country-names.tsx) and both renders agree.
 */
export function countryNames(locale: string): CountryNames {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
  return getCountries()
    .map((code) => [code, names.of(code) ?? ""] as const)
    .filter(([code, name]) => name && name !== code)
    .sort((a, b) => a[1].localeCompare(b[1], locale));
}

/**
 * The phone input's country list, Vietnam first (SPEC §9: default country vn). With `names` (the
 * page's language) each is "Việt Nam (+84)" in their order; without, codes and dialling prefixes
 * in code order.
 */
export function countryOptions(names?: CountryNames): CountryOption[] {
  const rank = new Map(names?.map(([code], index) => [code, index]));
  const nameOf = new Map(names);
  const options = getCountries().map((code): CountryOption => {
    const dial = getCountryCallingCode(code);
    const name = nameOf.get(code) ?? null;
    return { code, dial, name, label: name ? `${name} (+${dial})` : `${code} +${dial}` };
  });
  const order = (a: CountryOption, b: CountryOption) =>
    (rank.get(a.code) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.code) ?? Number.MAX_SAFE_INTEGER) ||
    a.code.localeCompare(b.code);
  return options.sort((a, b) => (a.code === "VN" ? -1 : b.code === "VN" ? 1 : order(a, b)));
}
