// The web app's entry module. Plain ES modules, no build step: see the docstring of novaberg/api/app.py.
import { T } from "/web/texts.js";
import { getJSON } from "/web/api.js";
import { el, showError } from "/web/render.js";
import { loadChat, setupChat } from "/web/chat.js";
import { loadCalendar, setupCalendar } from "/web/calendar.js";
import { loadMemory, loadNotes, loadRoots } from "/web/notes.js";
import { loadDue } from "/web/due.js";

const state = { user: document.body.dataset.user, asUser: null, character: "nova", textMax: 20000 };
const loaders = { chat: loadChat, termine: loadCalendar, notizen: loadNotes, gedaechtnis: loadMemory, ordner: loadRoots };

function currentView() {
  const name = location.hash.slice(1);
  const link = document.querySelector(`.tabs a[data-view="${CSS.escape(name)}"]`);
  return link && !link.hidden ? name : "chat";
}

function show() {
  const name = currentView();
  for (const section of document.querySelectorAll("main .view")) section.hidden = section.dataset.view !== name;
  for (const link of document.querySelectorAll(".tabs a")) {
    if (link.dataset.view === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const load = loaders[name];
  if (load) load(state);
  if (name === "chat") document.getElementById("text").focus();
}

function setFigures(names) {
  const list = document.getElementById("figures");
  list.replaceChildren(...names.map((name) => el("option", { value: name })));
}

async function start() {
  setupChat(state);
  setupCalendar(state);
  const figure = document.getElementById("figure");
  try {
    const me = await getJSON("/api/me");
    state.user = me.user_id;
    state.character = me.character_id;
    state.textMax = me.text_max;
    setFigures(me.characters.length ? me.characters : [me.character_id]);
    document.querySelector('.tabs a[data-view="ordner"]').hidden = !me.features.roots;
    document.querySelector('.tabs a[data-view="gedaechtnis"]').hidden = !me.features.memory;
  } catch (error) {
    showError(document.getElementById("view-chat"), `${T.err_load} ${error.message}`);
  }
  figure.value = state.character;
  figure.addEventListener("change", () => {
    const name = figure.value.trim();
    if (!name || name === state.character) { figure.value = state.character; return; }
    state.character = name;
    show();
  });
  window.addEventListener("hashchange", show);
  show();
  loadDue();  // what is due, when the app is opened
}

start();
