// The viewer's page: plain DOM code. Every piece of memory text goes in
// through textContent or a form field's value, never as HTML, so a memory
// holding markup or a javascript: link shows as the characters it is.
'use strict';
(function () {
  const params = new URLSearchParams(location.search);
  const token = params.get('token') || sessionStorage.getItem('claude-mem-token') || '';
  if (token) sessionStorage.setItem('claude-mem-token', token);
  const main = document.getElementById('main');

  // Bidirectional controls (U+202E and its kin) reorder what follows them:
  // "gnp.exe" would read "exe.png". They are shown as what they are.
  const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  const visible = (s) => String(s).replace(BIDI, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else if (v !== undefined && v !== null) e.setAttribute(k, String(v));
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : document.createTextNode(visible(c)));
    return e;
  }

  async function api(path, opts) {
    const res = await fetch(`/api/${path}`, { ...(opts || {}), headers: { 'x-claude-mem-token': token, 'content-type': 'application/json' } });
    const body = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
    if (!res.ok) throw new Error(body.error || `HTTP ${res.status}`);
    return body;
  }
  const post = (path, body) => api(path, { method: 'POST', body: JSON.stringify(body || {}) });

  function show(...nodes) {
    main.replaceChildren(...nodes);
  }
  function fail(err) {
    main.append(el('p', { class: 'error', role: 'alert' }, String(err && err.message ? err.message : err)));
  }
  const day = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
  const firstLine = (t) => {
    const line = String(t).split('\n')[0];
    return line.length > 140 ? `${line.slice(0, 139)}…` : line;
  };

  // --- search -------------------------------------------------------------
  let lastSearch = new URLSearchParams();
  async function searchPage(query) {
    const q = query || lastSearch;
    const field = (name, attrs) => el('input', { name, value: q.get(name) || '', ...attrs });
    const type = el('select', { name: 'type', 'aria-label': 'type' }, el('option', { value: '' }, 'any type'), ...['global', 'project', 'fact'].map((t) => el('option', { value: t }, t)));
    type.value = q.get('type') || '';
    const form = el(
      'form',
      { class: 'search', role: 'search', onsubmit: (e) => { e.preventDefault(); const p = new URLSearchParams(); for (const [k, v] of new FormData(form)) if (v) p.set(k, String(v)); location.hash = `#/?${p}`; } },
      field('q', { type: 'search', placeholder: 'search memories — 中文 or English', 'aria-label': 'search', autofocus: '' }),
      type,
      field('agent', { placeholder: 'agent', size: 8, 'aria-label': 'agent' }),
      field('dir', { placeholder: 'directory', size: 14, 'aria-label': 'directory' }),
      field('since', { type: 'date', 'aria-label': 'since' }),
      field('until', { type: 'date', 'aria-label': 'until' }),
      el('button', { type: 'submit' }, 'Search'),
    );
    const list = el('ol', { class: 'hits', id: 'hits' });
    const info = el('p', { class: 'meta', id: 'search-info' });
    show(form, info, list);
    try {
      const r = await api(`search?${q}`);
      const saidCount = r.hits.filter((h) => h.kind === 'said').length;
      const memCount = r.hits.length - saidCount;
      info.textContent = visible(`${memCount} ${memCount === 1 ? 'memory' : 'memories'}${saidCount ? ` and ${saidCount} ${saidCount === 1 ? 'passage' : 'passages'} of what was said` : ''}${q.get('q') ? ` for “${q.get('q')}”` : ', newest first'} · ${r.ms.toFixed(1)} ms`);
      for (const h of r.hits) {
        // What was said (the episode index), where memories answered weakly: marked as such, opened at its moment.
        if (h.kind === 'said') {
          list.append(
            el('li', { 'data-said': h.id, class: 'said', onclick: () => (location.hash = `#/s/${encodeURIComponent(h.id)}`) },
              el('span', { class: 'type' }, `said · ${h.role}`),
              el('span', { class: 'hit-text' }, firstLine(h.text)),
              el('div', { class: 'meta' }, `${day(h.date)} · ${h.agent} · session ${h.session}`)),
          );
          continue;
        }
        list.append(
          el('li', { 'data-id': h.id, onclick: () => (location.hash = `#/m/${encodeURIComponent(h.id)}`) },
            el('span', { class: 'type' }, h.type),
            el('span', { class: 'hit-text' }, firstLine(h.text)),
            h.pending ? el('span', { class: 'pending' }, 'not reviewed') : null,
            el('div', { class: 'meta' }, `${h.id} · ${day(h.date)} · ${h.agent}${h.score !== null ? ` · ${h.score.toFixed(2)}` : ''}`)),
        );
      }
    } catch (err) {
      fail(err);
    }
  }

  // --- one memory -----------------------------------------------------------
  let player;
  /** A page's data, with "loading…" shown meanwhile; undefined (the error shown) when it cannot be had. */
  async function loadPage(path) {
    show(el('p', { class: 'meta' }, 'loading…'));
    try {
      return await api(path);
    } catch (err) {
      show();
      fail(err);
      return undefined;
    }
  }

  async function memoryPage(id) {
    const d = await loadPage(`memory/${encodeURIComponent(id)}`);
    if (!d) return;
    const m = d.memory;
    const text = el('div', { class: 'text', id: 'memory-text' }, m.text);
    const edit = () => {
      const area = el('textarea', { id: 'edit-text', 'aria-label': 'memory text' });
      area.value = m.text;
      const save = el('button', { id: 'save', onclick: async () => { try { await post(`memory/${encodeURIComponent(m.id)}/edit`, { text: area.value }); memoryPage(m.id); } catch (err) { fail(err); } } }, 'Save');
      text.replaceChildren(area, el('div', { class: 'actions' }, save, el('button', { onclick: () => memoryPage(m.id) }, 'Cancel')));
    };
    const retype = el('select', { id: 'retype', 'aria-label': 'change type' }, ...['global', 'project', 'fact'].map((t) => el('option', { value: t }, t)));
    retype.value = m.type;
    const actions = el(
      'div',
      { class: 'actions' },
      el('button', { id: 'edit', onclick: edit }, 'Edit'),
      m.reviewed_at ? null : el('button', { id: 'accept', onclick: async () => { try { await post(`memory/${encodeURIComponent(m.id)}/accept`); memoryPage(m.id); } catch (err) { fail(err); } } }, 'Accept'),
      retype,
      el('button', { id: 'apply-type', onclick: async () => { try { const r = await post(`memory/${encodeURIComponent(m.id)}/type`, { type: retype.value }); if (r.memory.id === m.id) memoryPage(m.id); else location.hash = `#/m/${encodeURIComponent(r.memory.id)}`; } catch (err) { fail(err); } } }, 'Change type'),
      el('button', { id: 'forget', class: 'danger', onclick: async () => {
        // A memory the team holds is forgotten for everyone at the next sync: said, and asked for, as such.
        const question = m.shared ? `This memory is shared with your team${m.from_team ? ` (written by ${m.from_team})` : ''}: forgetting it deletes it for everyone at the next sync. Forget it for everyone?` : 'Forget this memory for good?';
        if (!confirm(question)) return;
        try { await post(`memory/${encodeURIComponent(m.id)}/forget`, m.shared ? { team: true } : {}); location.hash = '#/'; } catch (err) { fail(err); }
      } }, 'Forget'),
    );
    const facts = el('div', { class: 'meta' },
      `${m.id} · ${m.type} · ${m.status} · created ${day(m.created_at)} · last used ${day(m.last_accessed_at)} · heat ${m.heat} · ${m.reviewed_at ? `reviewed ${day(m.reviewed_at)}` : 'not reviewed'}`,
      el('br'), `${m.from_team ? `from teammate ${m.from_team} (shared through the team store)` : m.agent}${m.dir ? ` · ${m.dir}` : ''} · source ${m.source || 'unknown'}${m.shared && !m.from_team ? ' · shared with your team' : ''}`);
    // What it states the value of, and since when (or until when, once a newer value replaced it).
    const subject = m.subject
      ? el('div', { class: 'meta', id: 'memory-subject' }, `about: ${m.subject} = ${m.value || '?'} · ${m.valid_to ? `true ${day(m.valid_from)} to ${day(m.valid_to)}, then replaced${m.superseded_by ? ` by ${m.superseded_by}` : ''}` : `current since ${day(m.valid_from)}`}`)
      : null;
    const nodes = [el('h2', {}, `[${m.type}] memory ${m.id}`), facts, subject, text];
    if (m.supplement) nodes.push(el('div', { class: 'supplement' }, m.supplement));
    nodes.push(actions);
    if (d.session) nodes.push(el('h3', {}, `Session ${d.session.id}`), el('div', { class: 'meta' }, `${d.session.agent} · ${d.session.command} · ${day(d.session.started_at)}`), d.session.summary ? el('div', { class: 'supplement', id: 'session-summary' }, d.session.summary) : null);
    const box = el('div', { class: 'player', id: 'player' });
    if (d.replay) nodes.push(el('h3', {}, `The session at ${clock(d.replay.at)}`), box);
    else nodes.push(el('p', { class: 'meta', id: 'no-replay' }, 'No terminal recording for this memory (it came from a transcript, a note or remember).'));
    show(...nodes.filter(Boolean));
    if (d.replay) replay(box, `memory/${encodeURIComponent(m.id)}/cast`, d.replay.at, 'this memory');
  }

  /** A session's recording in the player box, from a few seconds before `at`, pausing just after it. */
  function replay(box, castPath, at, label) {
    if (!window.AsciinemaPlayer) return;
    if (player) player.dispose();
    // A few seconds before the moment, so what led to it is on screen; it pauses just after it (press play for the rest).
    player = window.AsciinemaPlayer.create(`/api/${castPath}?token=${encodeURIComponent(token)}`, box, { startAt: Math.max(0, at - 3), markers: [[at + 0.5, label]], pauseOnMarkers: true, autoPlay: true, fit: 'width', terminalFontSize: '13px' });
    player.addEventListener('play', () => box.setAttribute('data-state', 'playing'));
  }
  const clock = (at) => `${Math.floor(at / 60)}:${String(Math.floor(at % 60)).padStart(2, '0')}`;

  // --- one passage of what was said -----------------------------------------
  async function saidPage(id) {
    const d = await loadPage(`said/${encodeURIComponent(id)}`);
    if (!d) return;
    const s = d.said;
    const around = el('ol', { class: 'timeline', id: 'said-timeline' },
      ...d.timeline.map((t) => el('li', { class: t.id === s.id ? 'current' : '', 'data-said': t.id, onclick: () => (location.hash = `#/s/${encodeURIComponent(t.id)}`) },
        el('span', { class: 'type' }, t.role), el('span', {}, firstLine(t.text)))));
    const nodes = [
      el('h2', {}, `Said by the ${s.role === 'screen' ? 'screen' : s.role}, ${day(s.date)}`),
      el('div', { class: 'meta' }, `${s.agent} · session ${s.session}${d.session ? ` · ${d.session.command}` : ''} · kept as said (redacted), not a memory`),
      el('div', { class: 'text', id: 'said-text' }, s.text),
      el('h3', {}, 'Around it in the session'),
      around,
    ];
    const box = el('div', { class: 'player', id: 'player' });
    if (d.replay) nodes.push(el('h3', {}, `The session at ${clock(d.replay.at)}`), box);
    else nodes.push(el('p', { class: 'meta', id: 'no-replay' }, 'No terminal recording for this passage (it came from an imported transcript).'));
    show(...nodes);
    if (d.replay) replay(box, `said/${encodeURIComponent(s.id)}/cast`, d.replay.at, 'this passage');
  }

  // --- review and status ---------------------------------------------------
  async function reviewPage() {
    show(el('h2', {}, 'Not reviewed yet'));
    try {
      const pending = await api('review');
      if (!pending.length) return main.append(el('p', { id: 'review-empty' }, 'Nothing to review: every memory has been reviewed.'));
      const list = el('ol', { class: 'hits' });
      for (const p of pending) {
        list.append(el('li', { 'data-id': p.id, onclick: () => (location.hash = `#/m/${encodeURIComponent(p.id)}`) },
          el('span', { class: 'type' }, p.type), el('span', {}, firstLine(p.text)), el('div', { class: 'meta' }, `${p.id} · ${day(p.date)} · ${p.agent}`)));
      }
      main.append(el('p', { class: 'meta' }, `${pending.length} pending, newest session first. Open one to accept, edit, change its type or forget it.`), list);
    } catch (err) {
      fail(err);
    }
  }

  async function statusPage() {
    show(el('h2', {}, 'Status'));
    try {
      const s = await api('status');
      const kv = (o) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
      const size = (st) => (st.exists ? `${(st.bytes / 1024).toFixed(1)} KiB` : 'not created yet');
      const rows = [
        ['project', s.project_root],
        ['project store', `${s.project_store.path} (${size(s.project_store)})`],
        ['user store', `${s.user_store.path} (${size(s.user_store)})`],
        ['memories by type', kv(s.by_type)],
        ['by status', kv(s.by_status)],
        ['by agent', kv(s.by_agent)],
        ['not reviewed', String(s.pending_review)],
        ['sessions', `${s.sessions}, ${s.pending_sessions.length} not yet processed`],
        ...(s.episodes ? [['what was said', `${s.episodes.passages} passages from ${s.episodes.sessions} sessions (${(s.episodes.chars / 1024).toFixed(1)} KiB of text, redacted)`]] : []),
        ['embedder', `${s.embedder}${s.embedder_notice ? ` — ${s.embedder_notice}` : ''}`],
        ...s.vector_indexes.map((v) => [`${v.scope} vector search`, v.state === 'fresh' || v.state === 'stale' ? `approximate index of ${v.indexed} vectors (${v.vectors} now)` : `exact (${v.vectors} vectors)`]),
        ['recent errors', s.recent_errors.length ? s.recent_errors.map((e) => `${e.session}: ${e.reason}`).join('\n') : 'none'],
        ...(s.team
          ? [
              ['team', `${s.team.team} at ${s.team.url}, project ${s.team.project || '(no git remote: not shared)'}, sharing ${s.team.share} memories`],
              ['last sync', `${s.team.last_sync ? new Date(s.team.last_sync).toISOString().slice(0, 16).replace('T', ' ') : 'never'}${s.team.last_error ? ` — last error: ${s.team.last_error}` : ''}`],
              ['waiting to be sent', String(s.team.pending_push)],
              ['from teammates', kv(s.team.authors)],
              ['disagreements', String(s.team.conflicts)],
            ]
          : []),
      ];
      main.append(el('dl', { class: 'status', id: 'status' }, ...rows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));
    } catch (err) {
      fail(err);
    }
  }

  function route() {
    const h = location.hash || '#/';
    if (h.startsWith('#/m/')) {
      let id;
      try {
        id = decodeURIComponent(h.slice(4));
      } catch {
        show(el('p', { class: 'error', role: 'alert' }, 'That link does not name a memory (a broken %-escape). Search for it instead.'));
        return undefined;
      }
      return memoryPage(id);
    }
    if (h.startsWith('#/s/')) return saidPage(h.slice(4).replace(/[^0-9]/g, ''));
    if (h === '#/review') return reviewPage();
    if (h === '#/status') return statusPage();
    const qi = h.indexOf('?');
    lastSearch = new URLSearchParams(qi >= 0 ? h.slice(qi + 1) : '');
    return searchPage(lastSearch);
  }
  window.addEventListener('hashchange', route);
  route();
})();
