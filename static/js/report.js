// The result form: − / + steppers beside every count, and a running check that each team's
// players' points add up to its score. The server checks the same again (games/services/results.py).
(function () {
  "use strict";
  var form = document.querySelector("form[data-report]");
  if (!form) return;

  function value(input) {
    var n = parseInt(input.value, 10);
    return isNaN(n) || n < 0 ? 0 : n;
  }

  function stepper(input) {
    var wrap = document.createElement("span");
    wrap.className = "stepper";
    input.parentNode.insertBefore(wrap, input);
    ["−", "+"].forEach(function (sign, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "stepper__button";
      button.textContent = sign;
      button.tabIndex = -1; // the arrow keys step the focused box; these are for touch
      button.setAttribute("aria-hidden", "true");
      button.addEventListener("click", function () {
        var next = value(input) + (index ? 1 : -1);
        var max = parseInt(input.max || "999", 10);
        input.value = next <= 0 ? (index ? "1" : "") : String(Math.min(next, max));
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      if (index) wrap.appendChild(input);
      wrap.appendChild(button);
      if (!index) wrap.appendChild(input);
    });
  }

  form.querySelectorAll("input[data-stepper]").forEach(function (input) {
    if (input.closest("td") || input.closest(".field")) stepper(input);
  });

  var check = form.querySelector("[data-check]");
  function update() {
    var ok = true;
    var parts = [];
    ["home", "away"].forEach(function (side) {
      var total = 0;
      form.querySelectorAll('input[data-points="' + side + '"]').forEach(function (input) {
        total += value(input);
      });
      var out = form.querySelector('[data-total="' + side + '"]');
      if (out) out.textContent = String(total);
      var score = form.querySelector('input[data-score="' + side + '"]');
      var wanted = score ? value(score) : 0;
      if (total !== wanted) ok = false;
      var team = score ? score.getAttribute("data-team") : side;
      parts.push(team + ": players' points " + total + ", score " + wanted);
    });
    check.textContent = (ok ? "✓ The stat lines add up to the score. " : "✗ Not yet: ") + parts.join("; ") + ".";
    check.className = "check " + (ok ? "check--ok" : "check--off");
  }
  form.addEventListener("input", update);
  update();
})();
