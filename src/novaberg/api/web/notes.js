// The person's notes and lists (read-only), and — where their facades exist — shared directories.
import { T } from "/web/texts.js";
import { getJSON, query } from "/web/api.js";
import { el, showError, clockOf, dayOf, germanDate } from "/web/render.js";

export async function loadNotes(state) {
  const section = document.getElementById("view-notizen");
  showError(section, "");
  const box = document.getElementById("notes");
  try {
    const data = await getJSON(`/api/notes?${query({ user_id: state.asUser })}`);
    box.replaceChildren();
    if (!data.notes.length) box.append(el("p", { class: "empty" }, T.no_notes));
    for (const note of data.notes) {
      const card = el("article", { class: "card", "data-typ": note.typ },
        el("div", { class: "typ" }, note.typ), el("h3", {}, note.name || note.summary || ""));
      if (note.is_list) card.append(el("ul", {}, note.items.map((item) => el("li", {}, item))));
      else card.append(el("p", {}, note.text));
      const facts = [];
      if (note.status && note.status !== "aktiv") facts.push(note.status);
      if (note.due) facts.push(`${T.due} ${germanDate(dayOf(note.due), true, T)}`);
      if (note.updated) facts.push(`${T.updated} ${germanDate(dayOf(note.updated), false)}`);
      if (facts.length) card.append(el("small", {}, facts.join(" · ")));
      box.append(card);
    }
  } catch (error) {
    showError(section, `${T.err_load} ${error.message}`);
  }
}

export async function loadRoots(state) {
  const section = document.getElementById("view-ordner");
  showError(section, "");
  const box = document.getElementById("roots");
  try {
    const data = await getJSON(`/api/roots?${query({ character_id: state.character, user_id: state.asUser })}`);
    box.replaceChildren();
    if (!data.roots.length) box.append(el("p", { class: "empty" }, T.roots_empty));
    for (const root of data.roots) {
      const status = [root.active ? T.root_active : T.root_inactive, `${root.files_indexed} ${T.root_files}`];
      if (root.files_not_evaluated) status.push(`${root.files_not_evaluated} ${T.root_not_evaluated}`);
      status.push(root.last_indexed ? `${T.root_last_indexed} ${germanDate(dayOf(root.last_indexed), false)} ${
        clockOf(root.last_indexed)}` : T.root_never_indexed);
      box.append(el("article", { class: "card" }, el("h3", {}, root.label || root.path),
        el("p", {}, root.path), el("small", {}, status.join(" · "))));
    }
  } catch (error) {
    showError(section, `${T.err_load} ${error.message}`);
  }
}

function memoryList(title, entries, describe) {
  const card = el("article", { class: "card" }, el("h3", {}, title));
  if (!entries.length) card.append(el("p", { class: "empty" }, T.memory_empty));
  else card.append(el("ul", {}, entries.map((entry) => el("li", {}, entry.inhalt, " ", el("small", {}, describe(entry))))));
  return card;
}

// Short- and long-term memory of the pair (GET /api/memory), shown where the facade exists.
export async function loadMemory(state) {
  const section = document.getElementById("view-gedaechtnis");
  showError(section, "");
  const box = document.getElementById("memory");
  try {
    const data = await getJSON(`/api/memory?${query({ character_id: state.character, user_id: state.asUser })}`);
    const number = (value) => (typeof value === "number" ? value.toFixed(2) : "–");
    box.replaceChildren(
      memoryList(T.memory_short, data.kurzzeit, (e) => `(${T.memory_salience} ${number(e.salienz)})`),
      memoryList(T.memory_long, data.langzeit.filter((e) => e.aktiv),
        (e) => `(${T.memory_salience} ${number(e.salienz)}, ${T.memory_links} ${e.kanten})`),
    );
  } catch (error) {
    showError(section, `${T.err_load} ${error.message}`);
  }
}
