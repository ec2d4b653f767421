// The one door to web storage and document.cookie for client code. Inside another site's frame a
// browser that blocks third-party storage (Safari by default, Firefox strict, Brave, Chrome with
// third-party cookies blocked) throws SecurityError on the mere `window.localStorage` read, and a
// throw in an effect takes the whole page down. Here every access, the property read included, is
// guarded: storage is a nicety (a remembered email), never something a page needs to work.

export type StorageArea = "local" | "session";

/** The parts of `window` and `document` this file touches (tests pass ones whose getters throw). */
export type StorageHost = { readonly localStorage: Storage; readonly sessionStorage: Storage };
export type CookieHost = { cookie: string };

function defaultWindow(): StorageHost | undefined {
  return typeof window === "undefined" ? undefined : window;
}

function defaultDocument(): CookieHost | undefined {
  return typeof document === "undefined" ? undefined : document;
}

/** The storage area, or null when there is none or the browser refuses it. */
function storageArea(area: StorageArea, host: StorageHost | undefined): Storage | null {
  if (!host) return null;
  try {
    // The getter itself throws SecurityError in a blocked frame: keep it inside the try.
    return (area === "local" ? host.localStorage : host.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

/** The stored value, or null when missing or when storage is out of reach. */
export function readStored(area: StorageArea, key: string, host = defaultWindow()): string | null {
  try {
    return storageArea(area, host)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a value; false when the browser refused (blocked, full, private mode). */
export function writeStored(area: StorageArea, key: string, value: string, host = defaultWindow()): boolean {
  try {
    const storage = storageArea(area, host);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(area: StorageArea, key: string, host = defaultWindow()): void {
  try {
    storageArea(area, host)?.removeItem(key);
  } catch {
    // Nothing stored where nothing can be stored.
  }
}

/** Reads a value and removes it: a one-time note from the previous page. */
export function takeStored(area: StorageArea, key: string, host = defaultWindow()): string | null {
  const value = readStored(area, key, host);
  if (value !== null) removeStored(area, key, host);
  return value;
}

/**
 * Writes a non-HttpOnly cookie and answers whether it stuck (read back by name and value). A
 * browser that blocks the cookie ignores the write, or throws in a sandboxed frame.
 */
export function writeCookie(
  options: { name: string; value: string; maxAge: number; secure?: boolean },
  doc = defaultDocument(),
): boolean {
  if (!doc) return false;
  const pair = `${encodeURIComponent(options.name)}=${encodeURIComponent(options.value)}`;
  try {
    doc.cookie = `${pair}; Path=/; Max-Age=${options.maxAge}; SameSite=Lax${options.secure ? "; Secure" : ""}`;
    return options.maxAge <= 0 || doc.cookie.split(/;\s*/).includes(pair);
  } catch {
    return false;
  }
}
