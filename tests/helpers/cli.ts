import { spawnSync, spawn } from 'node:child_process';
import { CLI } from './sandbox.js';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `claude-mem <args>` without a terminal, as a script would call it. */
export function cm(args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; input?: string | Buffer }): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: o.cwd, env: o.env, input: o.input, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function cmAsync(args: string[], o: { cwd: string; env: NodeJS.ProcessEnv }): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: o.cwd, env: o.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface ListedMemory {
  id: string;
  type: string;
  text: string;
  supplement: string;
  agent: string;
  session_id: string | null;
  source: string | null;
  heat: number;
  status: string;
  reviewed_at?: string | null;
}

export function listJson(o: { cwd: string; env: NodeJS.ProcessEnv }, extra: string[] = []): ListedMemory[] {
  const r = cm(['list', '--json', ...extra], o);
  if (r.status !== 0) throw new Error(`list failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as ListedMemory[];
}

export async function poll<T>(fn: () => T, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (ok(v)) return v;
    if (Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}
