// Arenaball's pages: confirmations for destructive buttons, the design editor's totals and
// every limit's state from the server's check as the coach types (the rules and the prices
// live there once), and more blank rows for the report form.
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
  var money = function (n) { return "$" + n.toLocaleString("en-US"); };

  // Everything shown comes from the server's check of the same values the save reads: the
  // totals by the league's catalogue, each limit, and what the save would refuse (a value
  // that is not a whole number, named once, and every broken rule).
  function show(answer) {
    var totals = answer.totals;
    document.getElementById("total-cost").textContent = (totals.priced ? "" : "at least ") + money(totals.cost);
    document.getElementById("total-weight").textContent = totals.weight.toLocaleString("en-US") + " lbs";
    document.getElementById("total-spaces").textContent = totals.spaces + (totals.room === null ? "" : " of " + totals.room);
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
    problems.hidden = answer.ok;
    var summary = document.getElementById("limits-summary");
    summary.className = "limits-summary" + (answer.ok ? "" : " limits-summary--broken");
    var broken = answer.limits.filter(function (limit) { return !limit.ok; });
    summary.textContent = answer.ok
      ? "✓ Every limit holds"
      : "✗ " + answer.problems.length + " to fix" + (broken.length ? ": " + broken.map(function (limit) { return limit.label; }).join(", ") : ": see the values marked");
  }

  var timer = null, sent = 0;
  function check() {
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
