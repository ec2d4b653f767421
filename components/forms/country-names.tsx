"use client";
import { createContext, type ReactNode, useContext } from "react";
import type { CountryNames } from "./country-options";

const CountryNamesContext = createContext<CountryNames | undefined>(undefined);

/** The page's country names (countryNames on the server) for every phone input below. */
export function CountryNamesProvider({ names, children }: { names: CountryNames; children: ReactNode }) {
  return <CountryNamesContext.Provider value={names}>{children}</CountryNamesContext.Provider>;
}

export const useCountryNames = (): CountryNames | undefined => useContext(CountryNamesContext);
