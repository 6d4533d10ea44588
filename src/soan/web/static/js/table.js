// The table page: one websocket brings the seat's messages; choices go back on it.

import { config, context, draw, el, t } from "./render.js";

const status = document.getElementById("status");
const notify = document.getElementById("notify");
let socket = null;
let last = null;
let wasMyTurn = false;
let retry = 500;

function send(data) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(data));
}

function show(text, kind = "info") {
  status.replaceChildren(text ? el("span", { class: kind, text }) : "");
}

function title(message) {
  const name = config.title;
  if (message.over) return `${t("table.over")} · ${name}`;
  if (message.your_turn) return `▶ ${t("table.turn_title")} · ${name}`;
  return `${t("table.seat")} ${message.to_move + 1} ${t("table.moves_title")} · ${name}`;
}

function tell(message) {
  const mine = message.your_turn && !message.over;
  if (mine && !wasMyTurn && document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(t("table.your_turn"), { body: config.title, tag: `soan-${config.table}` });
  }
  wasMyTurn = mine;
}

async function receive(event) {
  const message = JSON.parse(event.data);
  if (message.type === "error") {
    show(message.message, "error");
    return;
  }
  if (message.board === null && last && last.board_key === message.board_key) message.board = last.board;
  last = message;
  show("");
  document.title = title(message);
  tell(message);
  await draw(message, context(message, config.seat === null ? null : send));
  document.body.dataset.ply = message.ply;
  document.body.dataset.turn = message.your_turn ? "mine" : "theirs";
  document.body.dataset.over = message.over ? "yes" : "no";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}${config.socket}`);
  socket.addEventListener("open", () => { retry = 500; });
  let queue = Promise.resolve();
  socket.addEventListener("message", (event) => { queue = queue.then(() => receive(event)); });
  socket.addEventListener("close", (event) => {
    // 4403 (a token that opens no seat) and 4404 (no such table): the link will never
    // work, so say so and stop; anything else is a lost connection, tried again
    if (event.code >= 4400 && event.code < 4500) {
      const invalid = event.code === 4403 || event.code === 4404;
      show(invalid ? t("table.invalid_link") : event.reason, "error");
      document.body.dataset.closed = String(event.code);
      return;
    }
    show(t("table.reconnecting"), "error");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

if (config.seat !== null && "Notification" in window && Notification.permission === "default") {
  notify.classList.remove("hidden");
  notify.addEventListener("click", async () => {
    await Notification.requestPermission();
    notify.classList.add("hidden");
  });
}

// On a phone the choices are a sheet over the bottom of the screen: the page keeps that
// much room below the board so nothing stays hidden under it, and the log starts folded.
const narrow = window.matchMedia("(max-width: 900px)");
const choices = document.getElementById("choices");
if (narrow.matches) document.getElementById("log-panel").open = false;
if ("ResizeObserver" in window) {
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--sheet", `${choices.offsetHeight}px`);
  }).observe(choices);
}

connect();
