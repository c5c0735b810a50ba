import { describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { makeSandbox } from '../helpers/sandbox.js';
import { cm, listJson } from '../helpers/cli.js';

function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const sub of readdirSync(dir).filter((d) => !d.startsWith('.'))) for (const f of readdirSync(join(dir, sub))) out[`${sub}/${f}`] = readFileSync(join(dir, sub, f), 'utf8');
  return out;
}

describe('claude-mem export --markdown', () => {
  it('writes one note per memory with front matter, links within a session, an index per project, the same bytes when run again', () => {
    const sb = makeSandbox('cm-export');
    const o = { cwd: sb.project, env: sb.env };
    // Two markers of one session, so their notes link to each other.
    const sessions = join(sb.project, '.claude-mem', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const header = { version: 2, width: 100, height: 30, timestamp: 1_764_000_000, command: 'bash', 'x-claude-mem': { session_id: 's1', cwd: sb.project, agent: 'bash' } };
    // Typed (the keys), then echoed: a marker is the user's when their keys typed it.
    const events = ['!记得 日志格式统一用 JSON，字段名用 snake_case\r\n', '!记得 the orders table must not be altered without a migration\r\n'].flatMap((d, i) => [JSON.stringify([i + 0.4, 'i', d.replace('\r\n', '\r')]), JSON.stringify([i + 0.5, 'o', d])]);
    writeFileSync(join(sessions, 's1.cast'), `${JSON.stringify(header)}\n${events.join('\n')}\n`);
    expect(cm(['distill', '--session', 's1'], o).status).toBe(0);
    expect(cm(['remember', '--type', 'global', 'I prefer answers in Chinese, with code comments in English.'], o).status).toBe(0);
    expect(cm(['remember', 'XSS probe: <img src=x onerror=alert(1)> and [[evil|link]] stay text.'], o).status).toBe(0);
    const memories = listJson(o);

    const vault = join(sb.home, 'vault');
    const r = cm(['export', '--markdown', vault], o);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`wrote ${memories.length} memories`);
    const tree = readTree(vault);
    expect(Object.keys(tree).sort()).toEqual(['global/g1.md', 'global/index.md', 'project/1.md', 'project/2.md', 'project/3.md', 'project/index.md']);
    const note = (path: string): { front: Record<string, unknown>; body: string } => {
      const m = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(tree[path] ?? '');
      return { front: parse(m?.[1] ?? '') as Record<string, unknown>, body: m?.[2] ?? '' };
    };
    const zh = note('project/1.md');
    expect(zh.front).toMatchObject({ id: '1', type: 'project', dir: sb.project, agent: 'bash', session: 's1', status: 'active', heat: 0 });
    expect(typeof zh.front['created']).toBe('string');
    expect(zh.body.startsWith('日志格式统一用 JSON，字段名用 snake_case')).toBe(true);
    expect(zh.body).toContain('## Same session\n\n- [[project/2|the orders table must not be altered without a migration]]');
    expect(note('project/2.md').body).toContain('[[project/1|日志格式统一用 JSON，字段名用 snake_case]]');
    expect(note('global/g1.md').front).toMatchObject({ id: 'g1', type: 'global' });
    // The memory's own text stays as it is; in the index its line cannot make a link or a tag.
    expect(note('project/3.md').body).toContain('<img src=x onerror=alert(1)> and [[evil|link]]');
    expect(tree['project/index.md']).toContain('## project');
    expect(tree['project/index.md']).toContain('- [[project/3|XSS probe: img src=x onerror=alert(1) and evil link stay text.]]');
    expect(tree['project/index.md']).not.toContain('<img');

    expect(cm(['export', '--markdown', vault], o).status).toBe(0);
    expect(readTree(vault)).toEqual(tree);
    expect(cm(['export'], o).status).toBe(2);
  });

  it('import --markdown brings back exactly the edits: a changed body, a deleted note, a new note; again, nothing; both sides changed, a conflict', () => {
    const sb = makeSandbox('cm-export-import');
    const o = { cwd: sb.project, env: sb.env };
    for (const t of ['The test command for this repo is pytest -q, run from the root.', 'Deploys go through make deploy on the release branch only.', '日志格式统一用 JSON，字段名用 snake_case。']) {
      expect(cm(['remember', t], o).status).toBe(0);
    }
    const vault = join(sb.home, 'vault');
    const other = join(sb.home, 'other');
    expect(cm(['export', '--markdown', vault], o).status).toBe(0);
    expect(cm(['export', '--markdown', other], o).status).toBe(0);
    const before = listJson(o);
    expect(cm(['import', '--markdown', vault], o).stdout).toContain('0 updated, 0 archived, 0 added');
    expect(listJson(o)).toEqual(before);

    const one = join(vault, 'project', '1.md');
    writeFileSync(one, readFileSync(one, 'utf8').replace('pytest -q, run from the root', 'pytest -q -x, run from the root'));
    rmSync(join(vault, 'project', '2.md'));
    writeFileSync(join(vault, 'project', 'new idea.md'), '---\ntype: project\n---\n\nThe staging database is reset every Monday at 06:00 UTC.\n');
    const r = cm(['import', '--markdown', vault], o);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('1 updated, 1 archived, 1 added');
    const after = listJson(o, ['--archived']);
    expect(after.find((m) => m.id === '1')?.text).toBe('The test command for this repo is pytest -q -x, run from the root.');
    expect(after.find((m) => m.id === '2')?.status).toBe('archived');
    expect(after.some((m) => m.text === 'The staging database is reset every Monday at 06:00 UTC.')).toBe(true);
    // The next block carries the correction.
    expect(cm(['context'], o).stdout).toContain('pytest -q -x');
    expect(cm(['import', '--markdown', vault], o).stdout).toContain('0 updated, 0 archived, 0 added');

    // The other export predates that edit: editing the same note there is a conflict, and nothing moves.
    const stale = join(other, 'project', '1.md');
    writeFileSync(stale, readFileSync(stale, 'utf8').replace('pytest -q', 'tox'));
    const c = cm(['import', '--markdown', other], o);
    expect(c.stdout).toMatch(/conflict: project\/1\.md \(\[1\]\): both the note and the memory changed since the export/);
    expect(listJson(o).find((m) => m.id === '1')?.text).toContain('pytest -q -x');
    // A folder export never wrote is a usage mistake (exit 2) that says so, not a broken state file (78).
    const nowhere = cm(['import', '--markdown', join(sb.home, 'nowhere')], o);
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toMatch(/no export here/);
  });

  it('import --markdown matches notes by id: a renamed note is the same memory; a foreign or duplicate id, an empty body and odd files are reported, never applied', () => {
    const sb = makeSandbox('cm-export-ids');
    const o = { cwd: sb.project, env: sb.env };
    for (const t of ['The test command for this repo is pytest -q, run from the root.', 'Deploys go through make deploy on the release branch only.', 'Feature flags live in config/flags.yaml.']) {
      expect(cm(['remember', t], o).status).toBe(0);
    }
    const vault = join(sb.home, 'vault');
    expect(cm(['export', '--markdown', vault], o).status).toBe(0);
    const dir = join(vault, 'project');
    // Renamed, and edited: the same memory, updated, not archived.
    renameSync(join(dir, '1.md'), join(dir, 'test-command.md'));
    writeFileSync(join(dir, 'test-command.md'), readFileSync(join(dir, 'test-command.md'), 'utf8').replace('pytest -q,', 'pytest -q -x,'));
    // A copy keeps the id: the second one is reported.
    writeFileSync(join(dir, 'copy.md'), readFileSync(join(dir, '3.md'), 'utf8').replace('config/flags.yaml', 'config/other.yaml'));
    // An id this export never wrote.
    writeFileSync(join(dir, 'foreign.md'), '---\nid: 999\ntype: project\n---\nThe cache is warmed at boot.\n');
    // An emptied note is not a deletion.
    writeFileSync(join(dir, '2.md'), readFileSync(join(dir, '2.md'), 'utf8').replace(/\n---\n[\s\S]*$/, '\n---\n'));
    symlinkSync(join(dir, 'gone.md'), join(dir, 'dangling.md'));
    symlinkSync(join(dir, 'loop.md'), join(dir, 'loop.md'));
    mkdirSync(join(dir, 'x.md'));
    const r = cm(['import', '--markdown', vault], o);
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.stdout).toContain('1 updated, 0 archived, 0 added');
    expect(r.stdout).toMatch(/copy\.md: skipped, project\/3\.md already carries id 3|3\.md: skipped, project\/copy\.md already carries id 3/);
    expect(r.stdout).toMatch(/foreign\.md: skipped, id 999 is not from this export/);
    expect(r.stdout).toMatch(/2\.md: skipped, the note is empty/);
    expect(r.stdout).toMatch(/dangling\.md: skipped, a symlink/);
    expect(r.stdout).toMatch(/loop\.md: skipped, a symlink/);
    expect(r.stdout).toMatch(/x\.md: skipped, a folder/);
    const after = listJson(o, ['--archived']);
    expect(after.find((m) => m.id === '1')).toMatchObject({ text: 'The test command for this repo is pytest -q -x, run from the root.', status: 'active' });
    expect(after.find((m) => m.id === '2')?.status).toBe('active');
    expect(after.find((m) => m.id === '3')?.text).toBe('Feature flags live in config/flags.yaml.');
    expect(after.some((m) => m.text.includes('cache is warmed'))).toBe(false);
    // Again: the rename is remembered, nothing changes.
    expect(cm(['import', '--markdown', vault], o).stdout).toContain('0 updated, 0 archived, 0 added');
  });

  it('import --markdown never leaves its folder: a note or a folder that is a link out of the vault is skipped, its target never read', () => {
    const sb = makeSandbox('cm-vault-links');
    const o = { cwd: sb.project, env: sb.env };
    expect(cm(['remember', 'The lint command for this repo is ruff check .'], o).status).toBe(0);
    const vault = join(sb.project, 'notes-vault');
    expect(cm(['export', '--markdown', vault], o).status).toBe(0);
    // What a hostile repository could commit beside a real export: links to the user's own files.
    const secret = join(sb.home, '.ssh-config-copy');
    writeFileSync(secret, '---\ntype: project\n---\nHost prod\n  IdentityFile ~/.ssh/id_prod_Zq81 private host key path\n');
    const elsewhere = join(sb.home, 'other-notes');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'n.md'), '---\ntype: project\n---\nThe other project deploys with the hidden token flow.\n');
    symlinkSync(secret, join(vault, 'project', 'ssh.md'));
    symlinkSync('/proc/self/environ', join(vault, 'project', 'env.md'));
    symlinkSync(elsewhere, join(vault, 'linked'));
    const r = cm(['import', '--markdown', vault], o);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ssh\.md: skipped, a symlink/);
    expect(r.stdout).toMatch(/env\.md: skipped, a symlink/);
    expect(r.stdout).toMatch(/linked: skipped, a symlink/);
    const texts = listJson(o, ['--archived']).map((m) => m.text).join('\n');
    expect(texts).not.toMatch(/IdentityFile|hidden token flow|PATH=|HOME=/);
  });

  it('one vault holds two projects: each keeps its manifest entries, links name their folder, and a conflict exits 1', () => {
    const sb = makeSandbox('cm-vault-two');
    const shop = join(sb.home, 'shop');
    const api = join(sb.home, 'api');
    for (const d of [shop, api]) mkdirSync(join(d, '.git'), { recursive: true });
    cm(['remember', 'The shop builds with make shop from the root'], { cwd: shop, env: sb.env });
    cm(['remember', 'The shop deploys on Tuesdays only'], { cwd: shop, env: sb.env });
    cm(['remember', 'The api builds with cargo build --release'], { cwd: api, env: sb.env });
    const vault = join(sb.home, 'vault');
    expect(cm(['export', '--markdown', vault], { cwd: shop, env: sb.env }).status).toBe(0);
    expect(cm(['export', '--markdown', vault], { cwd: api, env: sb.env }).status).toBe(0);
    expect(readFileSync(join(vault, 'shop', 'index.md'), 'utf8')).toContain('[[shop/1|');
    // Edits in the first project's notes still come back.
    writeFileSync(join(vault, 'shop', '1.md'), readFileSync(join(vault, 'shop', '1.md'), 'utf8').replace('make shop', 'make shop-all'));
    rmSync(join(vault, 'shop', '2.md'));
    const r = cm(['import', '--markdown', vault], { cwd: shop, env: sb.env });
    expect(r.stdout).toContain('1 updated, 1 archived, 0 added');
    expect(listJson({ cwd: api, env: sb.env }).map((m) => m.text)).toEqual(['The api builds with cargo build --release']);
    expect(cm(['import', '--markdown', vault], { cwd: api, env: sb.env }).stdout).toContain('0 updated, 0 archived, 0 added');
    // A conflict is not success.
    const other = join(sb.home, 'vault2');
    expect(cm(['export', '--markdown', other], { cwd: api, env: sb.env }).status).toBe(0);
    expect(cm(['export', '--markdown', vault], { cwd: api, env: sb.env }).status).toBe(0);
    writeFileSync(join(vault, 'api', '1.md'), readFileSync(join(vault, 'api', '1.md'), 'utf8').replace('--release', '--release --locked'));
    expect(cm(['import', '--markdown', vault], { cwd: api, env: sb.env }).status).toBe(0);
    writeFileSync(join(other, 'api', '1.md'), readFileSync(join(other, 'api', '1.md'), 'utf8').replace('cargo build', 'cargo xtask build'));
    const c = cm(['import', '--markdown', other], { cwd: api, env: sb.env });
    expect(c.stdout).toMatch(/conflict: api\/1\.md/);
    expect(c.status).toBe(1);
  });
});
