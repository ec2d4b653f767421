// The portal's pages a product sends people to (README "For sibling products"): the sign-in
// hand-off, its framed form, and the single sign-out.

/** The portal's languages (`lang` on its pages; `ui_locales` works too). */
export type PortalLocale = "vi" | "en" | "th" | "my" | "id";

export type SignInUrlOptions = {
  /** The portal's address, e.g. https://account.example.com */
  portalUrl: string;
  /** Your app code in the portal's APPS_CONFIG (ls, lp, …). */
  appCode: string;
  /**
   * Where the person comes back with `token` (your product's own session), `login_callback` and,
   * for a new account, `track=complete`. Its host must be an APPS_CONFIG home or in
   * CALLBACK_ALLOWED_HOSTS; any other is dropped (the person lands on the portal's profile).
   */
  callbackUrl?: string;
  /** The sign-in page's language, kept for the person's next pages. */
  lang?: PortalLocale;
  /** "login": ask for the password even when the person is signed in to the portal already. */
  prompt?: "login";
};

export type SignOutUrlOptions = {
  portalUrl: string;
  /** Your app code: a sign-in right after the sign-out hands the person back to you. */
  appCode?: string;
  /** Where a sign-in right after the sign-out returns (the same allow-list as sign-in's). */
  callbackUrl?: string;
  lang?: PortalLocale;
};

export type SignInFrameUrlOptions = SignInUrlOptions & {
  /** 1 (default) the plain form; 2 adds a close button; 3 is the compact form. */
  layout?: 1 | 2 | 3;
  /** The embedding page's origin: the frame posts its result there when the browser hides its parent. */
  parentOrigin?: string;
};

function pageUrl(portalUrl: string, params: Record<string, string | undefined>): string {
  const base = new URL(portalUrl);
  if (base.protocol !== "https:" && base.protocol !== "http:") {
    throw new TypeError(`portalUrl must be an http(s) address, not ${base.protocol}`);
  }
  const url = new URL("/signin", base.origin);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") url.searchParams.set(name, value);
  }
  return url.toString();
}

/** `/signin?callback_url=…&app_code=…[&lang=…][&prompt=login]`: the sign-in hand-off. */
export function signInUrl(options: SignInUrlOptions): string {
  return pageUrl(options.portalUrl, {
    callback_url: options.callbackUrl,
    app_code: options.appCode,
    lang: options.lang,
    prompt: options.prompt,
  });
}

/**
 * `/signin?logout=1…`: the single sign-out. The portal revokes its session and every product token
 * that browser session handed out (each product with a webhook gets `session.ended`), loads each
 * product's `logout` address, and shows the sign-in form (which hands back to `callbackUrl`).
 * Send the browser there (a top-level navigation: the portal's cookie must come along).
 */
export function signOutUrl(options: SignOutUrlOptions): string {
  return pageUrl(options.portalUrl, {
    logout: "1",
    callback_url: options.callbackUrl,
    app_code: options.appCode,
    lang: options.lang,
  });
}

/** `/signin?iframe=1…`: the sign-in form made to be framed (embedSignIn builds its frame with it). */
export function signInFrameUrl(options: SignInFrameUrlOptions): string {
  return pageUrl(options.portalUrl, {
    iframe: "1",
    layout: options.layout && options.layout !== 1 ? String(options.layout) : undefined,
    callback_url: options.callbackUrl,
    app_code: options.appCode,
    lang: options.lang,
    prompt: options.prompt,
    parent_origin: options.parentOrigin,
  });
}
