// The operators' labels on the conversation page: add one with the form,
// remove one with its chip's button. Any operator may, holder or not; the
// server answers with the conversation's labels, which are drawn again. It
// uses console.js's helpers (window.Intake); values are written with
// textContent, never as HTML.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  const box = document.getElementById("labels");
  const form = document.getElementById("label-form");
  if (!window.Intake || !box || !form) return;
  const { api, el, text } = window.Intake;
  const base = box.dataset.api;
  const list = document.getElementById("label-list");
  const input = document.getElementById("label-text");
  const button = document.getElementById("label-add");
  const error = document.getElementById("label-error");

  function draw(labels) {
    if (labels.length === 0) {
      list.replaceChildren(el("li", text("js.labels.none"), "empty muted"));
      return;
    }
    list.replaceChildren(...labels.map((l) => {
      const li = el("li", null, "label-chip");
      li.appendChild(el("span", l));
      const remove = el("button", "×", "label-remove");
      remove.type = "button";
      remove.dataset.label = l;
      remove.setAttribute("aria-label", text("js.labels.remove_for", l));
      li.appendChild(remove);
      return li;
    }));
  }
  async function change(label, remove) {
    error.hidden = true;
    try {
      const r = await api(base + "/labels", { label: label, remove: remove });
      draw((r.result && r.result.labels) || []);
      return true;
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
      return false;
    }
  }
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    button.disabled = true;
    if (await change(input.value, false)) input.value = "";
    button.disabled = false;
    input.focus();
  });
  list.addEventListener("click", (ev) => {
    const remove = ev.target.closest("button.label-remove");
    if (remove) change(remove.dataset.label, true).then(() => input.focus());
  });
});
