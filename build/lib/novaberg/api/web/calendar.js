// Appointments of a week or a month (read-only), with moved and deleted versions shown struck through.
import { T } from "/web/texts.js";
import { getJSON, query } from "/web/api.js";
import { el, showError, clockOf, dayOf, germanDate } from "/web/render.js";

const section = () => document.getElementById("view-termine");

function addDays(isoDay, days) {
  const [y, m, d] = isoDay.split("-").map(Number);
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return moved.toISOString().slice(0, 10);
}

function addMonths(isoDay, months) {
  const [y, m] = isoDay.split("-").map(Number);
  const moved = new Date(Date.UTC(y, m - 1 + months, 1));
  return moved.toISOString().slice(0, 10);
}

function eventItem(item) {
  const when = item.precision === "minute" ? clockOf(item.start) : T.all_day;
  const node = el("div", { class: `event ${item.status}`, "data-status": item.status },
    el("time", { datetime: item.start }, when), el("span", { class: "title" }, item.title));
  if (item.status === "verschoben" && item.moved_to) {
    node.append(el("small", {}, `${T.moved_to} ${germanDate(dayOf(item.moved_to), true, T)} ${
      item.precision === "minute" ? clockOf(item.moved_to) : ""}`));
  }
  if (item.status === "geloescht") {
    node.append(el("small", {}, `${T.status_geloescht}${item.changed ? ` (${germanDate(dayOf(item.changed), false)})` : ""}`));
  }
  for (const step of item.earlier) {
    node.append(el("small", {}, `${T.moved_from}: ${germanDate(dayOf(step.start), true, T)} ${
      item.precision === "minute" ? clockOf(step.start) : ""}`));
  }
  if (item.details) node.append(el("small", {}, item.details));
  return node;
}

function dayBox(day, items, today) {
  const mine = items.filter((item) => dayOf(item.start) === day);
  // the month grid shows the day's number; the full date where days stand in a list (week, phone width)
  const title = el("h3", {}, el("span", { class: "num" }, String(Number(day.slice(8, 10)))),
    el("span", { class: "full" }, germanDate(day, true, T)));
  const box = el("div", { class: `day${day === today ? " today" : ""}${mine.length ? " has" : ""}`,
    "data-day": day }, title);
  mine.forEach((item) => box.append(eventItem(item)));
  return box;
}

function render(state, data) {
  const showAll = document.getElementById("cal-history").checked;
  const items = data.appointments.filter((item) => showAll || item.status === "aktiv");
  const title = document.getElementById("cal-title");
  const grid = document.getElementById("calendar");
  grid.replaceChildren();
  if (data.view === "woche") {
    title.textContent = `${T.week_of} ${germanDate(data.first_day, false)}`;
    const week = el("div", { class: "week" });
    for (let i = 0; i < 7; i += 1) week.append(dayBox(addDays(data.first_day, i), items, data.today));
    grid.append(week);
  } else {
    const [y, m] = data.first_day.split("-").map(Number);
    title.textContent = `${T.months.split(",")[m - 1]} ${y}`;
    const month = el("div", { class: "month" });
    T.weekdays.split(",").forEach((name) => month.append(el("div", { class: "head" }, name)));
    const [fy, fm, fd] = data.first_day.split("-").map(Number);
    const lead = (new Date(Date.UTC(fy, fm - 1, fd)).getUTCDay() + 6) % 7;
    for (let i = 0; i < lead; i += 1) month.append(el("div", { class: "blank" }));
    for (let day = data.first_day; day <= data.last_day; day = addDays(day, 1)) {
      month.append(dayBox(day, items, data.today));
    }
    grid.append(month);
  }
  if (!items.length) grid.append(el("p", { class: "empty" }, T.no_appointments));
}

export async function loadCalendar(state) {
  showError(section(), "");
  for (const button of section().querySelectorAll("[data-cal]")) {
    button.setAttribute("aria-pressed", String(button.dataset.cal === state.cal.view));
  }
  try {
    const data = await getJSON(`/api/appointments?${query({
      character_id: state.character, view: state.cal.view, date: state.cal.date, user_id: state.asUser })}`);
    state.cal.date = state.cal.date || data.today;
    state.cal.data = data;
    render(state, data);
  } catch (error) {
    showError(section(), `${T.err_load} ${error.message}`);
  }
}

export function setupCalendar(state) {
  state.cal = { view: "woche", date: null, data: null };
  for (const button of section().querySelectorAll("[data-cal]")) {
    button.addEventListener("click", () => { state.cal.view = button.dataset.cal; loadCalendar(state); });
  }
  for (const button of section().querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => {
      const step = Number(button.dataset.step);
      const base = state.cal.date || (state.cal.data && state.cal.data.today);
      if (step === 0 || !base) state.cal.date = null;
      else state.cal.date = state.cal.view === "woche" ? addDays(base, 7 * step) : addMonths(base, step);
      loadCalendar(state);
    });
  }
  document.getElementById("cal-history").addEventListener("change", () => {
    if (state.cal.data) render(state, state.cal.data);
  });
}
