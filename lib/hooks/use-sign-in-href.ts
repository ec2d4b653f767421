"use client";
import { useEffect, useState } from "react";
import { signInHref } from "@/lib/frame";
import { frameContext } from "@/lib/http/client";

/**
 * A step's "back to sign-in" link: `/signin`, or inside a frame the sign-in that stays in the frame
 * (iframe, layout, lang, parent origin) and still ends at the product. Read after mount: the
 * frame's parent is known only in the browser.
 */
export function useSignInHref(): string {
  const [href, setHref] = useState("/signin");
  useEffect(() => setHref(signInHref(frameContext())), []);
  return href;
}
