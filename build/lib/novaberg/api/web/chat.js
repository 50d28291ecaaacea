// The chat with one figure: history from `turns`, one turn per message, the tribunal's verdict as a badge.
import { T } from "/web/texts.js";
import { getJSON, postTurn, query } from "/web/api.js";
import { el, richText, showError, clockOf, dayOf, germanDate } from "/web/render.js";

const log = () => document.getElementById("log");
const input = () => document.getElementById("text");
let busy = false;

function scrollDown() {
  window.scrollTo(0, document.documentElement.scrollHeight);  // the input box is sticky: scroll the page itself
}

function badgeKind(verdict, corrections) {
  if (verdict === "ablehnen") return "ablehnen";
  if (verdict === "warnung") return "warnung";
  return corrections > 0 ? "korrigiert" : "ok";
}

function reviewPanel(state, turn, review) {
  const panel = el("div", { class: "review", role: "region", "aria-label": T.verdict_title });
  panel.append(el("h4", {}, T.verdict_title));
  let shown = 0;
  const said = new Set();
  for (const round of review.rounds) {
    const lines = [...round.reasons, ...round.directive_findings.map((f) => `${T.review_directive}: ${f}`),
      ...round.computed_findings.map((f) => `${T.review_computed}: ${f}`)];
    if (round.verdict === "ok" && lines.length === 0) continue;
    const label = round.round === 0 ? T.review_first : `${T.review_correction} ${round.round}`;
    panel.append(el("p", {}, `${T.review_round} ${round.round + 1} (${label}): `, el("strong", {}, round.verdict)));
    lines.forEach((line) => said.add(line));
    if (lines.length) panel.append(el("ul", {}, lines.map((line) => el("li", {}, line))));
    shown += 1;
  }
  if (review.held_back.length) {
    const held = review.held_back.filter((line) => !said.has(line));
    held.forEach((line) => said.add(line));
    panel.append(el("p", {}, T.review_held_back), el("ul", {}, held.map((g) => el("li", {}, g))));
    shown += 1;
  }
  const rest = (turn.reasons || []).filter((line) => !said.has(line));
  if (rest.length) {  // a live answer: the last round's computed orders, which the trace keeps only as findings
    panel.append(el("p", {}, T.review_now), el("ul", {}, rest.map((g) => el("li", {}, g))));
    shown += 1;
  }
  if (!shown) panel.append(el("p", { class: "empty" }, T.review_none));
  return panel;
}

function badge(state, turn, bubble) {
  const kind = badgeKind(turn.verdict, turn.corrections || 0);
  const label = T[`verdict_${kind}`];
  if (kind === "ok") return el("span", { class: "badge ok", title: T.verdict_title }, label);
  let panel = null;
  const button = el("button", {
    type: "button", class: `badge ${kind}`, "aria-expanded": "false", title: T.verdict_open,
    onclick: async () => {
      if (panel) {
        panel.hidden = !panel.hidden;
        button.setAttribute("aria-expanded", String(!panel.hidden));
        return;
      }
      try {
        const review = await getJSON(`/api/turns/${encodeURIComponent(turn.turn_id)}/review?${
          query({ character_id: state.character, user_id: state.asUser })}`);
        panel = reviewPanel(state, turn, review);
      } catch (error) {
        panel = el("p", { class: "error" }, `${T.err_load} ${error.message}`);
      }
      bubble.append(panel);
      button.setAttribute("aria-expanded", "true");
    },
  }, label);
  return button;
}

function youBubble(text, at) {
  return el("li", { class: "msg you", "data-at": at || "" }, text);
}

function novaBubble(state, turn) {
  const bubble = el("li", { class: "msg nova", "data-turn": turn.turn_id, "data-verdict": turn.verdict || "" });
  bubble.append(el("div", { class: "answer" }, richText(turn.answer)));
  const meta = el("div", { class: "meta" });
  if (turn.at) meta.append(el("time", { datetime: turn.at }, `${germanDate(dayOf(turn.at), false)} ${clockOf(turn.at)}`));
  meta.append(badge(state, turn, bubble));
  bubble.append(meta);
  return bubble;
}

function markPending(bubble, waiting) {
  document.getElementById("pending").hidden = !waiting;
  if (waiting && bubble) {
    bubble.classList.add("question");
    bubble.querySelector(".meta").prepend(el("span", { class: "badge pending" }, T.pending_badge));
  }
}

export async function loadChat(state) {
  const section = document.getElementById("view-chat");
  showError(section, "");
  log().replaceChildren();
  let history;
  try {
    history = await getJSON(`/api/history?${query({ character_id: state.character, user_id: state.asUser })}`);
  } catch (error) {
    showError(section, `${T.err_load} ${error.message}`);
    return;
  }
  if (!history.turns.length) log().append(el("li", { class: "empty" }, T.empty_history));
  let last = null;
  for (const turn of history.turns) {
    log().append(youBubble(turn.text, turn.at));
    last = novaBubble(state, turn);
    log().append(last);
  }
  markPending(last, history.pending_question);
  scrollDown();
}

async function send(state) {
  if (busy) return;
  const section = document.getElementById("view-chat");
  const text = input().value;
  if (!text.trim()) { showError(section, T.err_empty); input().focus(); return; }
  if (text.length > state.textMax) { showError(section, T.err_too_long); input().focus(); return; }
  showError(section, "");
  busy = true;
  document.getElementById("send").disabled = true;
  log().querySelector(".empty")?.remove();
  const mine = youBubble(text);
  mine.classList.add("sending");
  log().append(mine);
  const typing = document.getElementById("typing");
  typing.hidden = false;
  scrollDown();
  try {
    const result = await postTurn({ user_id: state.asUser || state.user, character_id: state.character, text });
    let corrections = 0;
    if (result.verdict === "ok") {
      try {
        const review = await getJSON(`/api/turns/${encodeURIComponent(result.turn_id)}/review?${
          query({ character_id: state.character, user_id: state.asUser })}`);
        corrections = review.corrections;
      } catch { corrections = 0; }
    }
    mine.classList.remove("sending");
    if (input().value === text) input().value = "";
    const bubble = novaBubble(state, { ...result, corrections });
    log().append(bubble);
    markPending(bubble, (result.services || []).some((s) => s.status === "rueckfrage"));
  } catch (error) {
    mine.remove();  // the text stays in the box: nothing is lost
    showError(section, error.message);
  } finally {
    typing.hidden = true;
    busy = false;
    document.getElementById("send").disabled = false;
    input().focus();
    scrollDown();
  }
}

export function setupChat(state) {
  document.getElementById("composer").addEventListener("submit", (event) => {
    event.preventDefault();
    send(state);
  });
  input().addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send(state);
    }
  });
}
