// Magic Number Eleven's report form: each event row shows only the fields of its type (a
// goal's scorer and kind, a VAR decision's tackle, a corner's powers and flicks, a card sent
// off), each card picker offers only the cards of the team it is about (a scorer its own
// team's, a warned card the defenders'), rows are added on demand, and beside each VAR
// decision the E-L2 odds aid shows the exact chance of each card for the tackle strength
// entered, read from the table the server rendered from the rules (rules.mn11.referee_odds).
(function () {
  "use strict";
  var data = document.getElementById("mn11-odds");
  var odds = data ? JSON.parse(data.textContent) : null;
  var form = document.getElementById("mn11-report");
  if (!form) return;

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

  function showKind(row) {
    var type = row.querySelector("[data-event-type]");
    if (!type) return;
    row.querySelectorAll("[data-kinds]").forEach(function (part) {
      part.hidden = !type.value || part.getAttribute("data-kinds").split(" ").indexOf(type.value) < 0;
    });
    row.querySelectorAll("[data-label-goal]").forEach(function (label) {
      var text = label.getAttribute("data-label-" + type.value);
      if (text) label.textContent = text;
    });
  }

  function filterCards(row) {
    var side = row.querySelector("[data-event-side]");
    if (!side) return;
    var other = side.value === "home" ? "away" : "home";
    row.querySelectorAll("select[data-cards]").forEach(function (select) {
      var wanted = select.getAttribute("data-cards") === "other" ? other : side.value;
      select.querySelectorAll("optgroup").forEach(function (group) {
        var off = group.getAttribute("data-side") !== wanted;
        group.disabled = off;
        group.hidden = off;
      });
      var chosen = select.options[select.selectedIndex];
      if (chosen && chosen.parentNode.tagName === "OPTGROUP" && chosen.parentNode.disabled) select.value = "";
    });
  }

  function refresh(row) {
    showKind(row);
    filterCards(row);
    showOdds(row);
  }

  function rows() {
    return form.querySelectorAll("[data-event-row], [data-kick-row]");
  }

  rows().forEach(refresh);
  ["input", "change"].forEach(function (name) {
    form.addEventListener(name, function (event) {
      var row = event.target.closest("[data-event-row], [data-kick-row]");
      if (row) refresh(row);
    });
  });

  document.querySelectorAll("[data-add-row]").forEach(function (button) {
    var name = button.getAttribute("data-add-row");
    var list = document.getElementById(name);
    var template = document.getElementById(name + "-template");
    var counter = document.getElementById(name + "-rows");
    if (!list || !template || !counter) return;
    button.type = "button"; // without this script it asks the server for more rows
    button.addEventListener("click", function () {
      var row = Number(counter.value);
      list.insertAdjacentHTML("beforeend", template.innerHTML.replace(/__row__/g, String(row)).replace(/__number__/g, String(row + 1)));
      counter.value = String(row + 1);
      var added = list.lastElementChild;
      if (!added) return;
      refresh(added);
      var first = added.querySelector("select, input");
      if (first) first.focus();
    });
  });
})();
