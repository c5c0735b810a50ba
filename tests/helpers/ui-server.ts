import { spawn, type ChildProcess } from 'node:child_process';
import { CLI } from './sandbox.js';

/** The built `claude-mem ui --no-open`, and the URL it printed (token included). */
export async function startUiServer(o: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ server: ChildProcess; url: string; base: string; token: string }> {
  const server = spawn(process.execPath, [CLI, 'ui', '--no-open'], { cwd: o.cwd, env: o.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+/.exec(out);
      if (m) resolve(m[0]);
    });
    server.on('exit', (c) => reject(new Error(`claude-mem ui exited with ${c}`)));
  });
  return { server, url, base: url.replace(/\?token=.*/, ''), token: url.replace(/.*token=/, '') };
}
