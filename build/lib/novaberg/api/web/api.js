// Talking to the server: every request is same-origin, carries the session cookie and the page's
// X-Novaberg header (the server's proof that the request comes from this page), and every failure
// becomes one German sentence from texts.js.
import { T } from "/web/texts.js";

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

function messageFor(status, detail) {
  const said = typeof detail === "string" ? detail : "";
  if (status === 0) return T.err_network;
  if (status === 401) return T.err_session;
  if (status === 403) return said || T.err_forbidden;
  if (status === 413) return T.err_too_long;
  if (status === 422 || status === 400) {
    if (/ist leer/.test(said)) return T.err_empty;
    if (/zu lang/.test(said)) return T.err_too_long;
    return `${T.err_input} ${said}`;
  }
  if (status === 503) return /Datenbank/.test(said) ? T.err_database : T.err_model;
  return T.err_internal;
}

async function call(path, options = {}) {
  let response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...options,
      headers: { "X-Novaberg": "1", ...(options.headers || {}) },
    });
  } catch {
    throw new ApiError(0, messageFor(0));
  }
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) throw new ApiError(response.status, messageFor(response.status, body && body.detail));
  return body;
}

export const getJSON = (path) => call(path);

export const postTurn = (turn) => call("/turn", {
  method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(turn),
});

export const query = (params) => new URLSearchParams(
  Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ""),
).toString();
