// Just enough of a User-Agent to name a device in the Devices list ("Chrome on Windows").

export type DeviceKind = "desktop" | "mobile" | "tablet";
export type ParsedAgent = { browser: string; os: string; device: DeviceKind };

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Zalo/i, "Zalo"],
  [/FBAN|FBAV/, "Facebook"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function parseUserAgent(agent: string | null | undefined): ParsedAgent {
  const ua = agent ?? "";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? "Unknown browser";
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? "Unknown system";
  const device: DeviceKind =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))
      ? "tablet"
      : /Mobi|iPhone|Android/.test(ua)
        ? "mobile"
        : "desktop";
  return { browser, os, device };
}
