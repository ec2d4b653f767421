// A browser as the OIDC integration suites drive the provider: a cookie jar and redirects followed
// by hand, stopping where a page would be shown (the portal's /signin, the consent screen) or where
// the flow leaves the provider (the relying party's callback).

export class Browser {
  private jar = new Map<string, string>();

  /** `origin`: the served provider's origin (tests/support/oidc-provider.ts). */
  constructor(private readonly origin: () => string) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  absorb(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = "", ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (!value || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set("cookie", this.cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    this.absorb(res.headers.getSetCookie());
    return res;
  }

  /** Follows redirects on the portal; answers where it left it (the RP) or the page it stopped at. */
  async follow(start: string): Promise<URL> {
    const origin = this.origin();
    let url = new URL(start, origin);
    for (let hops = 0; hops < 15; hops++) {
      const res = await this.request(url.href);
      const location = res.headers.get("location");
      if (res.status < 300 || res.status >= 400 || !location) return url;
      url = new URL(location, url);
      if (url.origin !== origin || !url.pathname.startsWith("/oidc/")) return url;
    }
    throw new Error("too many redirects");
  }
}
