// The processes the benchmark starts and compares: each in its own process, stopped by its own id.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type Proc = { child: ChildProcess; name: string; output: () => string };

/** Starts a process in its own group (so a child it starts stops with it), keeping its last output for errors. */
export function start(
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Proc {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, name, output: () => tail };
}

/** A TypeScript file run by node with tsx's loader (no wrapper process between us and it). */
export function startTs(
  name: string,
  file: string,
  env: Record<string, string | undefined> = {},
  nodeArgs: string[] = [],
): Proc {
  return start(name, process.execPath, [...nodeArgs, "--import", "tsx", file], {
    env: { TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.server.json"), ...env },
  });
}

export async function waitFor(proc: Proc, url: string, timeoutMs = 180_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (hasExited(proc)) {
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} did not answer ${url}:\n${proc.output()}`);
}

const hasExited = (proc: Proc) => proc.child.exitCode !== null || proc.child.signalCode !== null;

export async function stop(proc: Proc): Promise<void> {
  const pid = proc.child.pid;
  if (!pid || hasExited(proc)) return;
  const exited = new Promise((r) => proc.child.once("exit", r));
  try {
    process.kill(-pid, "SIGTERM");
  } catch {}
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of one process, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}
