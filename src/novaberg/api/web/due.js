// Reminders that are due: fetched from GET /api/due when the app is opened and shown as a
// short list above the views. Titles go in as text nodes.
import { T } from "/web/texts.js";
import { getJSON } from "/web/api.js";
import { el } from "/web/render.js";

function when(item) {
  const [day, time] = item.zeit.split("T");
  const [year, month, date] = day.split("-");
  const label = `${date}.${month}.${year}`;
  return item.mit_uhrzeit ? `${label}, ${time.slice(0, 5)} ${T.due_clock}` : label;
}

export async function loadDue() {
  const box = document.getElementById("due");
  let data;
  try {
    data = await getJSON("/api/due");
  } catch {
    box.hidden = true;  // the views show their own errors; a failed due list stays quiet
    box.dataset.loaded = "failed";
    return;
  }
  const items = data.faellig || [];
  box.hidden = items.length === 0;
  box.replaceChildren(
    el("strong", {}, T.due_title),
    el("ul", {}, ...items.map((item) => el("li", {}, `${item.titel} — ${when(item)}`))),
  );
  box.dataset.loaded = "1";
}
