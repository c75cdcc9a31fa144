// Magic Number Eleven's report form: more blank rows on demand, and the E-L2 odds aid: beside
// each VAR decision the exact chance of each card for the tackle strength entered, read from
// the table the server rendered from the rules (rules.mn11.referee_odds), as the coach types.
(function () {
  "use strict";
  var data = document.getElementById("mn11-odds");
  var odds = data ? JSON.parse(data.textContent) : null;

  function showOdds(row) {
    var out = row.querySelector("[data-odds]");
    var type = row.querySelector("[data-event-type]");
    var input = row.querySelector("[data-strength]");
    var magic = row.querySelector("[data-magic]");
    if (!out || !odds || !input) return;
    var text = input.value.trim();
    if ((type && type.value !== "var") || !/^-?\d+$/.test(text)) { out.textContent = ""; return; }
    var strength = Math.max(odds.min, Math.min(odds.max, Number(text)));
    var line = magic && magic.checked ? odds.magic : odds.strengths[String(strength)];
    out.textContent = "Odds (E-L2): " + Object.keys(line).map(function (card) { return card + " " + line[card]; }).join(" · ");
  }

  var form = document.getElementById("mn11-report");
  if (!form) return;
  form.addEventListener("input", function (event) {
    var row = event.target.closest("[data-event-row]");
    if (row) showOdds(row);
  });
  form.addEventListener("change", function (event) {
    var row = event.target.closest("[data-event-row]");
    if (row) showOdds(row);
  });

  document.querySelectorAll("[data-add-row]").forEach(function (button) {
    var name = button.getAttribute("data-add-row");
    var list = document.getElementById(name);
    var template = document.getElementById(name + "-template");
    var counter = document.getElementById(name + "-rows");
    if (!list || !template || !counter) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var row = Number(counter.value);
      list.insertAdjacentHTML("beforeend", template.innerHTML.replace(/__row__/g, String(row)));
      counter.value = String(row + 1);
      var first = list.lastElementChild && list.lastElementChild.querySelector("select, input");
      if (first) first.focus();
    });
  });
})();
