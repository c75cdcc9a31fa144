// Arenaball's pages: confirmations for destructive buttons, the design editor's totals as the
// coach types and every limit's state from the server's check (the rules live there once),
// and more blank rows for the report form.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-confirm]");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) event.preventDefault();
  });

  function addRowButton(button, list, template, counter) {
    if (!button || !list || !template || !counter) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var row = Number(counter.value);
      var html = template.innerHTML.replace(/__row__/g, String(row));
      list.insertAdjacentHTML("beforeend", html);
      counter.value = String(row + 1);
      var first = list.lastElementChild && list.lastElementChild.querySelector("input, select");
      if (first) first.focus();
    });
  }

  document.querySelectorAll("[data-add-row]").forEach(function (button) {
    var name = button.getAttribute("data-add-row");
    addRowButton(button, document.getElementById(name), document.getElementById(name + "-template"), document.getElementById(name + "-rows"));
  });

  var form = document.getElementById("design-form");
  if (!form) return;
  addRowButton(document.getElementById("add-fitting"), document.getElementById("fittings"), document.getElementById("fitting-template"), document.getElementById("fittings-rows"));
  var parts = JSON.parse(document.getElementById("parts-data").textContent);
  var money = function (n) { return "$" + n.toLocaleString("en-US"); };
  var lbs = function (n) { return n.toLocaleString("en-US") + " lbs"; };

  function totals() {
    var cost = 0, weight = 0;
    form.querySelectorAll(".fitting").forEach(function (row) {
      var part = parts[(row.querySelector("[data-part]") || {}).value];
      var quantity = Number((row.querySelector("[data-quantity]") || {}).value || 1);
      if (!part) return;
      cost += (part.cost || 0) * quantity;
      weight += (part.weight || 0) * quantity;
    });
    document.getElementById("parts-cost").textContent = money(cost);
    document.getElementById("parts-weight").textContent = lbs(weight);
    document.getElementById("sheet-cost").textContent = money(Number(form.elements.cost.value || 0));
    document.getElementById("sheet-weight").textContent = lbs(Number(form.elements.weight.value || 0));
  }

  function show(answer) {
    var list = document.getElementById("limits");
    list.textContent = "";
    answer.limits.forEach(function (limit) {
      var item = document.createElement("li");
      item.className = "limit limit--" + (limit.ok ? "ok" : "broken");
      item.textContent = (limit.ok ? "✓ " : "✗ ") + limit.label + " (" + limit.rule + "): " + limit.figures + (limit.ok ? "" : " — broken");
      list.appendChild(item);
    });
    var problems = document.getElementById("problems");
    problems.textContent = "";
    answer.problems.forEach(function (problem) {
      var line = document.createElement("p");
      line.textContent = problem.message;
      problems.appendChild(line);
    });
    problems.hidden = answer.problems.length === 0;
    var summary = document.getElementById("limits-summary");
    var broken = answer.limits.filter(function (limit) { return !limit.ok; });
    summary.className = "limits-summary" + (broken.length ? " limits-summary--broken" : "");
    summary.textContent = broken.length
      ? "✗ " + broken.length + " broken: " + broken.map(function (limit) { return limit.label; }).join(", ")
      : "✓ Every limit holds";
  }

  var timer = null, sent = 0;
  function check() {
    totals();
    window.clearTimeout(timer);
    timer = window.setTimeout(function () {
      var mine = ++sent;
      fetch(form.getAttribute("data-check-url"), { method: "POST", body: new FormData(form), credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (answer) { if (answer && mine === sent) show(answer); })
        .catch(function () { /* the check on saving still names every problem */ });
    }, 250);
  }
  form.addEventListener("input", check);
  form.addEventListener("change", check);
  check();
})();
