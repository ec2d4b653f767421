import { describe, expect, it } from "vitest";
import {
  type CookieHost,
  readStored,
  removeStored,
  type StorageHost,
  takeStored,
  writeCookie,
  writeStored,
} from "./browser-storage";

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const securityError = () => new DOMException("Access is denied for this document.", "SecurityError");

/** A window in a frame whose browser blocks third-party storage: the getters themselves throw. */
const blockedWindow: StorageHost = {
  get localStorage(): Storage {
    throw securityError();
  },
  get sessionStorage(): Storage {
    throw securityError();
  },
};

/** Storage that exists but refuses every call (Safari's old private mode, a full quota). */
class RefusingStorage extends MemoryStorage {
  override getItem(): string | null {
    throw securityError();
  }
  override setItem(): void {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
  override removeItem(): void {
    throw securityError();
  }
}

const workingWindow = (): StorageHost => ({
  localStorage: new MemoryStorage(),
  sessionStorage: new MemoryStorage(),
});

describe("browser storage", () => {
  it("reads, writes, removes and takes once when storage works", () => {
    const host = workingWindow();
    expect(writeStored("local", "k", "v", host)).toBe(true);
    expect(readStored("local", "k", host)).toBe("v");
    expect(readStored("session", "k", host)).toBeNull();
    expect(writeStored("session", "note", "hi", host)).toBe(true);
    expect(takeStored("session", "note", host)).toBe("hi");
    expect(takeStored("session", "note", host)).toBeNull();
    removeStored("local", "k", host);
    expect(readStored("local", "k", host)).toBeNull();
  });

  it("degrades silently when the storage getters throw SecurityError", () => {
    expect(() => blockedWindow.localStorage).toThrow(DOMException);
    for (const area of ["local", "session"] as const) {
      expect(writeStored(area, "k", "v", blockedWindow)).toBe(false);
      expect(readStored(area, "k", blockedWindow)).toBeNull();
      expect(takeStored(area, "k", blockedWindow)).toBeNull();
      expect(() => removeStored(area, "k", blockedWindow)).not.toThrow();
    }
  });

  it("degrades silently when the storage methods throw", () => {
    const host = { localStorage: new RefusingStorage(), sessionStorage: new RefusingStorage() };
    expect(writeStored("local", "k", "v", host)).toBe(false);
    expect(readStored("local", "k", host)).toBeNull();
    expect(takeStored("session", "k", host)).toBeNull();
    expect(() => removeStored("session", "k", host)).not.toThrow();
  });

  it("answers nothing without a window (server rendering)", () => {
    expect(readStored("local", "k", undefined)).toBeNull();
    expect(writeStored("local", "k", "v", undefined)).toBe(false);
  });
});

describe("writeCookie", () => {
  it("writes the cookie and reports that it stuck", () => {
    let jar = "";
    const doc: CookieHost = {
      get cookie() {
        return jar;
      },
      set cookie(value: string) {
        jar = value.split(";")[0] ?? "";
      },
    };
    expect(writeCookie({ name: "LANGUAGE", value: "en", maxAge: 60 }, doc)).toBe(true);
    expect(jar).toBe("LANGUAGE=en");
  });

  it("reports false when the browser ignores the write (third-party cookies blocked)", () => {
    const doc: CookieHost = {
      get cookie() {
        return "";
      },
      set cookie(_value: string) {},
    };
    expect(writeCookie({ name: "LANGUAGE", value: "en", maxAge: 60 }, doc)).toBe(false);
  });

  it("reports false when the cookie property throws (sandboxed frame)", () => {
    const doc: CookieHost = {
      get cookie(): string {
        throw securityError();
      },
      set cookie(_value: string) {
        throw securityError();
      },
    };
    expect(writeCookie({ name: "LANGUAGE", value: "en", maxAge: 60 }, doc)).toBe(false);
    expect(writeCookie({ name: "LANGUAGE", value: "en", maxAge: 60 }, undefined)).toBe(false);
  });
});
