import { describe, expect, it } from 'vitest';
import { hookTrusted, withOurMcpServer, withoutOurBlock, hasOurBlock } from './codex-config.js';
import { withPlainMarkers } from './hook-block.js';
import { BLOCK_BEGIN, BLOCK_END } from '../memory-block.js';

describe("claude-mem's block in Codex's config.toml", () => {
  it('appends one block after the user text and takes it out leaving the text as it was', () => {
    for (const user of ['', 'model = "o3"', 'model = "o3"\n', '[a]\nb = 1\n\n']) {
      const ours = withOurMcpServer(user, 'claude_mem', '/usr/bin/node', ['/opt/cm/main.js', 'mcp']);
      expect(hasOurBlock(ours)).toBe(true);
      expect(ours).toContain('[mcp_servers.claude_mem]\ncommand = "/usr/bin/node"\nargs = ["/opt/cm/main.js", "mcp"]\n');
      expect(withOurMcpServer(ours, 'claude_mem', '/usr/bin/node', ['/opt/cm/main.js', 'mcp'])).toBe(ours);
      expect(withoutOurBlock(ours)).toBe(user.endsWith('\n') || user === '' ? user : `${user}\n`);
    }
  });

  it('quotes paths as TOML strings', () => {
    expect(withOurMcpServer('', 'claude_mem', 'C:\\node "x"', [])).toContain('command = "C:\\\\node \\"x\\""');
  });

  it("reads Codex's trust record for one hook, and only that one", () => {
    const toml = '[hooks.state]\n\n[hooks.state."/h/hooks.json:session_start:1:0"]\ntrusted_hash = "sha256:ab"\n\n[hooks.state."/h/hooks.json:session_end:0:0"]\n';
    expect(hookTrusted(toml, '/h/hooks.json', 'session_start', 1)).toBe(true);
    expect(hookTrusted(toml, '/h/hooks.json', 'session_start', 0)).toBe(false);
    expect(hookTrusted(toml, '/h/hooks.json', 'session_end', 0)).toBe(false);
    expect(hookTrusted('', '/h/hooks.json', 'session_start', 0)).toBe(false);
  });
});

describe('the block a Gemini hook hands over', () => {
  it('has plain marker lines instead of tags, which Gemini would escape', () => {
    const out = withPlainMarkers(`${BLOCK_BEGIN}\n1. [project] use pnpm\n${BLOCK_END}`);
    expect(out).not.toMatch(/[<>]/);
    expect(out).toContain('1. [project] use pnpm');
  });
});
