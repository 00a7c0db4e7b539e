// The memo page: the idea and answers (typed or recorded), progress while the model works, the
// note's blocks to edit, save or discard, and the saved notes.
"use strict";
(function () {
  const V = window.Verbatim;
  const R = window.VerbatimRecorder;
  const $ = (id) => document.getElementById(id);
  let session = null;
  let spokenQuestion = 0;
  let polling = null;

  const progressText = { thinking: "Choosing the next question", composing: "Laying out your note" };

  async function start() {
    $("review").classList.add("hidden");
    $("finished").classList.add("hidden");
    $("dialogue").classList.remove("hidden");
    $("answer").value = "";
    spokenQuestion = 0;
    render(await V.post("/api/memo/start", { language: $("language").value }));
  }

  function render(next) {
    session = next;
    const asking = session.phase === "asking" || session.phase === "closing";
    $("notice").textContent = session.notice || "";
    $("notice").classList.toggle("hidden", !session.notice);
    const list = $("exchanges");
    list.replaceChildren();
    for (const exchange of session.exchanges) {
      list.append(V.element("li", {}, [exchange.question, V.element("br"), V.element("span", { className: "answer", textContent: exchange.answer })]));
    }
    $("question").textContent = asking ? session.question : "";
    $("answer-area").classList.toggle("hidden", !asking);
    const waiting = progressText[session.phase];
    $("progress").textContent = waiting || "";
    $("progress").classList.toggle("hidden", !waiting);
    $("done").disabled = session.exchanges.length === 0;
    if (waiting) poll();
    if (asking && $("voice").checked && spokenQuestion !== session.questionNumber) speak();
    if (session.phase === "review") showNote(session.note);
    if (session.phase === "saved" || session.phase === "discarded") finished();
  }

  function poll() {
    if (polling) return;
    polling = setTimeout(async () => {
      polling = null;
      try { render(await V.get("/api/memo/session?id=" + encodeURIComponent(session.id))); } catch (error) { V.status($("memo-status"), error.message, true); }
    }, 250);
  }

  async function send() {
    const text = $("answer").value;
    if (R.isRecording) R.stop();
    $("question-audio").pause();
    $("send").disabled = true;
    try {
      render(await V.post("/api/memo/answer", { id: session.id, text: text }));
      $("answer").value = "";
      V.status($("memo-status"), "");
    } catch (error) {
      V.status($("memo-status"), error.message + " — your words are still in the box.", true);
    } finally {
      $("send").disabled = false;
    }
  }

  async function done() {
    if (R.isRecording) R.stop();
    try {
      // Words already in the box are sent first, so "That's all" never drops them.
      if ($("answer").value.trim()) {
        await send();
        if (!(session.phase === "asking" || session.phase === "closing")) return;
      }
      render(await V.post("/api/memo/finish", { id: session.id }));
    } catch (error) {
      V.status($("memo-status"), error.message, true);
    }
  }

  // Voice: the question is rendered on the server first, played, and only when playback has
  // ended does the microphone open.
  function speak() {
    spokenQuestion = session.questionNumber;
    const audio = $("question-audio");
    audio.onended = () => listen();
    audio.onerror = () => V.status($("memo-status"), "The question could not be played; press Record to answer.", true);
    audio.src = "/api/memo/question.wav?id=" + encodeURIComponent(session.id) + "&n=" + session.questionNumber;
    audio.play().catch(() => V.status($("memo-status"), "Press Record to answer (the browser blocked playback)."));
  }

  async function listen() {
    if (R.isRecording) { R.stop(); return; }
    $("record").textContent = "Stop";
    V.status($("memo-status"), "Listening…");
    let blob;
    try {
      blob = await R.record((rms) => { $("level").textContent = rms > 0.015 ? "hearing you" : ""; });
    } catch (error) {
      V.status($("memo-status"), error.message, true);
      return;
    } finally {
      $("record").textContent = "Record";
      $("level").textContent = "";
    }
    V.status($("memo-status"), "Transcribing…");
    try {
      const result = await V.upload("/api/voice/transcribe?lang=" + (session ? session.language : "en"), blob, "audio/wav");
      const box = $("answer");
      box.value = (box.value.trim() ? box.value.trim() + " " : "") + result.text;
      V.status($("memo-status"), result.text ? "Recognized; fix anything, then Send." : "Nothing recognized; try again or type.");
      box.focus();
    } catch (error) {
      V.status($("memo-status"), "Transcription failed (" + error.message + "); your words are still in the box.", true);
    }
  }

  function showNote(note) {
    $("dialogue").classList.add("hidden");
    $("review").classList.remove("hidden");
    $("note-title").value = note.title;
    const blocks = $("blocks");
    blocks.replaceChildren();
    note.blocks.forEach((block, index) => {
      const area = V.element("textarea", { value: block.text, className: "block-text" });
      area.dataset.heading = block.heading;
      area.setAttribute("aria-label", block.heading || "your idea");
      area.rows = Math.max(2, Math.ceil(block.text.length / 80));
      blocks.append(V.element("div", { className: "block" }, [V.element("h3", { textContent: block.heading || "Idea" }), area]));
    });
  }

  async function saveNote() {
    const blocks = Array.from(document.querySelectorAll("#blocks textarea")).map((area) => ({ heading: area.dataset.heading, text: area.value }));
    try {
      render(await V.post("/api/memo/save", { id: session.id, title: $("note-title").value, blocks: blocks }));
      await loadNotes();
    } catch (error) {
      V.status($("memo-status"), error.message, true);
      $("dialogue").classList.remove("hidden");
    }
  }

  async function discardNote() {
    try { render(await V.post("/api/memo/discard", { id: session.id })); } catch (error) { V.status($("memo-status"), error.message, true); }
  }

  function finished() {
    $("review").classList.add("hidden");
    $("dialogue").classList.add("hidden");
    $("finished").classList.remove("hidden");
    $("finished-text").textContent = session.phase === "saved" ? "Saved as " + session.savedID + "." : "Discarded; nothing was saved.";
  }

  async function loadNotes() {
    showNotes(await V.get("/api/memo/notes"), "No notes yet.");
    $("search-clear").classList.add("hidden");
  }

  // Notes ranked by meaning (the server's multilingual embedding model); scores shown beside them.
  async function searchNotes(event) {
    event.preventDefault();
    const query = $("search-query").value.trim();
    if (!query) return loadNotes();
    V.status($("search-status"), "Searching…");
    try {
      const matches = await V.get("/api/memo/search?limit=5&q=" + encodeURIComponent(query));
      showNotes(matches, "No saved notes to search.");
      V.status($("search-status"), matches.length ? "Closest notes first." : "");
      $("search-clear").classList.remove("hidden");
    } catch (error) {
      V.status($("search-status"), error.message, true);
    }
  }

  function showNotes(notes, empty) {
    const list = $("note-list");
    list.replaceChildren();
    if (!notes.length) list.append(V.element("li", { textContent: empty }));
    for (const note of notes) {
      const link = V.element("a", { href: "#", textContent: note.title });
      link.dataset.id = note.id;
      link.addEventListener("click", async (event) => {
        event.preventDefault();
        $("note-view").textContent = await V.get("/api/memo/note?id=" + encodeURIComponent(note.id));
        $("note-view").classList.remove("hidden");
      });
      const detail = note.score === undefined ? note.id : note.score.toFixed(2) + " · " + note.id;
      list.append(V.element("li", {}, [link, V.element("span", { className: "source", textContent: detail })]));
    }
  }

  $("send").addEventListener("click", send);
  $("language").addEventListener("change", () => {
    if (!session || session.exchanges.length === 0 || confirm("Start again in this language?")) start();
  });
  $("done").addEventListener("click", done);
  $("record").addEventListener("click", listen);
  $("voice").addEventListener("change", () => {
    if ($("voice").checked && session && (session.phase === "asking" || session.phase === "closing")) speak();
  });
  $("answer").addEventListener("keydown", (event) => { if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) send(); });
  $("save-note").addEventListener("click", saveNote);
  $("discard-note").addEventListener("click", discardNote);
  $("again").addEventListener("click", start);
  $("note-search").addEventListener("submit", searchNotes);
  $("search-clear").addEventListener("click", () => { $("search-query").value = ""; V.status($("search-status"), ""); loadNotes(); });
  start().catch((error) => V.status($("memo-status"), error.message, true));
  loadNotes().catch(() => {});
})();
