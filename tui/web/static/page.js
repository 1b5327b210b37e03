// The page of `pawnshop serve --web-port`: choose a name, then play in a terminal.
// Names and every other text from people reach the page only as terminal output or as
// form values and textContent, never as HTML.
"use strict";

const joinForm = document.getElementById("join");
const nameInput = document.getElementById("name");
const refusal = document.getElementById("refusal");
const terminalBox = document.getElementById("terminal");
const ended = document.getElementById("ended");

// What tests read: the screen's text, and whether the session is open.
window.pawnshop = {
  terminal: null,
  connected: false,
  closed: false,
  downloads: [],
  screenText() {
    const term = window.pawnshop.terminal;
    if (!term) return "";
    const buffer = term.buffer.active;
    const lines = [];
    for (let row = 0; row < term.rows; row++) {
      const line = buffer.getLine(buffer.viewportY + row);
      lines.push(line ? line.translateToString(true) : "");
    }
    return lines.join("\n");
  },
  // Where the cells are drawn on the page: {left, top, width, height} of one cell's box.
  cellBox() {
    const term = window.pawnshop.terminal;
    const screen = terminalBox.querySelector(".xterm-screen");
    if (!term || !screen) return null;
    const box = screen.getBoundingClientRect();
    return { left: box.left, top: box.top, width: box.width / term.cols, height: box.height / term.rows };
  },
};

async function hello() {
  const response = await fetch("/hello", { cache: "no-store" });
  const about = await response.json();
  const host = window.location.hostname || "HOST";
  for (const line of document.querySelectorAll(".ssh-command")) {
    line.textContent = `ssh -p ${about.ssh.port} NAME@${host}`;
  }
  return about;
}

async function join(name) {
  const response = await fetch("/join", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || "The server would not take that name.");
  return answer.name;
}

async function play(name) {
  joinForm.hidden = true;
  terminalBox.hidden = false;
  // The terminal measures its cells once: with the font it will draw in.
  await Promise.all([
    document.fonts.load('16px "DejaVu Sans Mono"'),
    document.fonts.load('bold 16px "DejaVu Sans Mono"'),
  ]).catch(() => {});
  const term = new Terminal({
    fontFamily: '"DejaVu Sans Mono", monospace',
    fontSize: 16,
    scrollback: 0,
    cursorBlink: false,
  });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(terminalBox);
  fit.fit();
  term.focus();
  window.pawnshop.terminal = term;
  const query = new URLSearchParams({ name, width: term.cols, height: term.rows });
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${window.location.host}/ws?${query}`);
  socket.binaryType = "arraybuffer";
  const send = (message) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  socket.addEventListener("open", () => {
    window.pawnshop.connected = true;
    send(["resize", { width: term.cols, height: term.rows }]);
  });
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      term.write(new Uint8Array(event.data));
      return;
    }
    let message = null;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (Array.isArray(message) && message[0] === "download") offerDownload(message[1], message[2]);
  });
  socket.addEventListener("close", () => {
    window.pawnshop.connected = false;
    window.pawnshop.closed = true;
    ended.hidden = false;
  });
  term.onData((data) => send(["stdin", data]));
  term.onBinary((data) => send(["stdin", data]));
  term.onResize(({ cols, rows }) => send(["resize", { width: cols, height: rows }]));
  window.addEventListener("resize", () => fit.fit());
  setInterval(() => send(["ping", String(Date.now())]), 30000);
}

// A file the session hands the player (a game exported): saved by the browser, under a name
// the server made safe and made safe again here; never shown as HTML.
function offerDownload(name, encoded) {
  if (typeof name !== "string" || typeof encoded !== "string") return;
  let safe = name.replace(/[^\p{L}\p{N}._ -]+/gu, "_").replace(/^[ ._]+/, "").slice(0, 100);
  if (!safe) safe = "game.pawn";
  const bytes = Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = safe;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  window.pawnshop.downloads.push(safe);
  if (window.pawnshop.terminal) window.pawnshop.terminal.focus();
}

joinForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  refusal.textContent = "";
  try {
    await play(await join(nameInput.value));
  } catch (error) {
    refusal.textContent = error.message;
    nameInput.focus();
  }
});

// A browser that holds a name plays under it at once, unless it asked to choose another.
const choosing = new URLSearchParams(window.location.search).has("choose");
hello().then((about) => {
  if (about.name && !choosing) {
    play(about.name);
  } else {
    joinForm.hidden = false;
    nameInput.value = about.name || "";
    nameInput.focus();
    nameInput.select();
  }
}, () => {
  joinForm.hidden = false;
  nameInput.focus();
});
