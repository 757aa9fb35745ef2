/**
 * `replay.html`: a player for a run that needs no GIF and no server: a slider (and arrow keys, and a play
 * button) scrubs through the decisions, each shown with every player's frame at that moment beside its
 * status, reasoning, answer and the chunk that ran; `episode.mp4` plays above it when the run has one.
 */
import type { DecisionRecord } from './run-record-schema.js';

/** Decisions made at the same game time, shown together (both players in PvP and Coop). */
interface Moment {
  readonly t: number;
  readonly d: readonly Pick<DecisionRecord, 'slot' | 'step' | 'status' | 'frame' | 'answer' | 'reasoning' | 'invalidReason' | 'chunk' | 'note' | 'chargedMs'>[];
}

/** Groups decisions by observation time, in order. */
export function replayMoments(decisions: readonly DecisionRecord[]): Moment[] {
  const by = new Map<number, Moment['d'][number][]>();
  for (const d of decisions) {
    const list = by.get(d.observedAtMs) ?? [];
    list.push({ slot: d.slot, step: d.step, status: d.status, frame: d.frame, answer: d.answer, reasoning: d.reasoning, invalidReason: d.invalidReason, chunk: d.chunk, note: d.note, chargedMs: d.chargedMs });
    by.set(d.observedAtMs, list);
  }
  return [...by].sort((a, b) => a[0] - b[0]).map(([t, d]) => ({ t, d: d.sort((x, y) => x.slot - y.slot) }));
}

const PAGE_SCRIPT = `
const M = JSON.parse(document.getElementById('data').textContent);
const $ = (id) => document.getElementById(id);
const slider = $('at'); slider.max = String(M.length - 1);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
function show(i) {
  const m = M[i]; slider.value = String(i);
  $('where').textContent = 'decision moment ' + (i + 1) + ' of ' + M.length + ' at ' + (m.t / 1000).toFixed(2) + ' s of game time';
  $('views').innerHTML = m.d.map((d) => '<div class="v"><div class="h">slot ' + d.slot + ' step ' + d.step + ': <b class="' + d.status + '">' + d.status + '</b>' + (d.invalidReason ? ' (' + esc(d.invalidReason) + ')' : '') + (d.chargedMs ? ', charged ' + d.chargedMs + ' ms' : '') + '</div>' + (d.frame ? '<img src="' + esc(d.frame) + '">' : '<div class="nf">no frame</div>') + (d.reasoning ? '<p class="r">' + esc(d.reasoning) + '</p>' : '') + (d.answer ? '<pre>' + esc(d.answer) + '</pre>' : '') + (d.note ? '<p>' + esc(d.note) + '</p>' : '') + (d.chunk ? '<pre class="c">look ' + d.chunk.look.dx + ',' + d.chunk.look.dy + ' | ' + d.chunk.steps.map((s) => s.length ? s.join('+') : '-').join(' ') + '</pre>' : '') + '</div>').join('');
}
let timer;
slider.oninput = () => show(Number(slider.value));
$('prev').onclick = () => show(Math.max(0, Number(slider.value) - 1));
$('next').onclick = () => show(Math.min(M.length - 1, Number(slider.value) + 1));
$('play').onclick = () => { if (timer) { clearInterval(timer); timer = undefined; $('play').textContent = 'play'; return; } $('play').textContent = 'pause'; timer = setInterval(() => { const i = Number(slider.value) + 1; if (i >= M.length) { clearInterval(timer); timer = undefined; $('play').textContent = 'play'; } else show(i); }, 600); };
document.onkeydown = (e) => { if (e.key === 'ArrowLeft') $('prev').click(); if (e.key === 'ArrowRight') $('next').click(); };
$('video').onloadeddata = () => { $('video').style.display = 'block'; };
show(0);
`;

/** The page for a run's decisions. */
export function replayPage(title: string, decisions: readonly DecisionRecord[]): string {
  const data = JSON.stringify(replayMoments(decisions)).replace(/</g, '\\u003c');
  return `<!doctype html><meta charset="utf-8"><title>${title.replace(/[<&]/g, '')}</title>
<style>body{font:14px sans-serif;background:#111;color:#ddd;margin:12px}#views{display:flex;gap:12px;flex-wrap:wrap}.v{max-width:660px}.v img{width:640px;max-width:100%;image-rendering:pixelated}.h{margin:4px 0}.valid{color:#6c6}.invalid{color:#e96}.failed{color:#e55}pre{white-space:pre-wrap;background:#1b1d22;padding:6px}.r{color:#9cf}.c{color:#bbb}#at{width:640px}video{display:none;max-width:100%;margin-bottom:8px}button{margin-right:4px}</style>
<h3>${title.replace(/[<&]/g, '')}</h3>
<video id="video" src="episode.mp4" controls preload="metadata"></video>
<div><button id="prev">&larr;</button><button id="play">play</button><button id="next">&rarr;</button><input id="at" type="range" min="0" value="0"> <span id="where"></span></div>
<div id="views"></div>
<script id="data" type="application/json">${data}</script>
<script>${PAGE_SCRIPT}</script>
`;
}
