// The result form's running check: each team's points in its lines beside its score.
(function () {
  // The running check: each team's points in its lines beside its score.
  function check() {
    document.querySelectorAll(".result-lines table[data-team]").forEach(function (table) {
      var total = 0;
      table.querySelectorAll("input[name$='-points']").forEach(function (input) {
        total += parseInt(input.value || "0", 10) || 0;
      });
      var score = document.getElementById(table.dataset.score);
      var out = document.querySelector("[data-team-check='" + table.dataset.team + "']");
      var wanted = parseInt((score && score.value) || "0", 10) || 0;
      out.textContent = "Points in its lines: " + total + (total === wanted ? " ✓" : " (the score says " + wanted + ")");
      out.classList.toggle("result-check--off", total !== wanted);
    });
  }
  document.addEventListener("input", check);
  check();
})();
