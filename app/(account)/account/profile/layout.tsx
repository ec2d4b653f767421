import type { ReactNode } from "react";
import { SectionNav } from "./section-nav";

/** The profile's sections (Profile, Security, Data & privacy) under one strip of tabs. */
export default function ProfileLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionNav />
      {children}
    </>
  );
}
