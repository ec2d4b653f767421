// The profile's three sections (issue 39): each its own address, so a link, the back button and
// a reload land on the same one. Old links kept working: `/account/profile` is the first
// section, and a hash naming another section (`#security`, `#data`…) is sent on to it.

export type ProfileSection = "profile" | "security" | "data";

export const PROFILE_SECTIONS: { key: ProfileSection; href: string }[] = [
  { key: "profile", href: "/account/profile" },
  { key: "security", href: "/account/profile/security" },
  { key: "data", href: "/account/profile/data" },
];

/** Hashes of the one-page profile (and the section names) → the section that now holds them. */
const LEGACY_HASHES: Record<string, string> = {
  security: "/account/profile/security",
  "two-factor": "/account/profile/security",
  passkeys: "/account/profile/security",
  devices: "/account/profile/security",
  activity: "/account/profile/security",
  data: "/account/profile/data",
  privacy: "/account/profile/data",
  "your-data": "/account/profile/data",
  "delete-account": "/account/profile/data",
};

/** Where `/account/profile#<hash>` now lives, or null when the first section holds it (#affiliate). */
export function sectionForHash(hash: string): string | null {
  return LEGACY_HASHES[hash.replace(/^#/, "").toLowerCase()] ?? null;
}

/** The section a path shows (the longest href it falls under). */
export function activeSection(pathname: string): ProfileSection {
  const found = [...PROFILE_SECTIONS]
    .sort((a, b) => b.href.length - a.href.length)
    .find((s) => pathname === s.href || pathname.startsWith(`${s.href}/`));
  return found?.key ?? "profile";
}
