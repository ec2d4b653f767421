// The registry mirror here lacks the other platforms' optional binaries (darwin, win32, musl…),
// so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock.
// This adds a lock entry for each missing optional package with its os/cpu, so `npm ci` skips it
// as platform-incompatible without fetching. Run after `npm install` changes the lock:
//   node scripts/lock-add-missing-optional.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;

function platform(name) {
  const os = ["darwin", "win32", "android", "freebsd", "linux", "openbsd", "sunos", "aix", "netbsd"].find(
    (o) => name.includes(o),
  );
  const cpu =
    ["arm64", "x64", "ia32", "ppc64", "s390x", "riscv64", "loong64", "wasm32"].find((c) =>
      name.includes(c),
    ) ?? (name.includes("-arm-") || name.endsWith("-arm") ? "arm" : undefined);
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (name.includes("musl")) entry.libc = ["musl"];
  else if (os === "linux") entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [key, pkg] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const path = `node_modules/${name}`;
    const nested = `${key}/node_modules/${name}`;
    if (packages[path] || packages[nested]) continue;
    const info = platform(name);
    if (!info.os && !info.cpu) continue;
    packages[path] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...info };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform-only optional entries`);
