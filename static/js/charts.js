// The league's charts (Chart.js, vendored under static/vendor/chartjs): a team's position
// by round (1 at the top) and a player's successes per game with the stat-level lines.
(function () {
  "use strict";
  if (!window.Chart) return;
  var palette = ["#0a58ca", "#c0392b", "#16a085", "#8e44ad", "#d35400", "#2c3e50", "#b8860b", "#1b998b"];

  var positions = document.getElementById("position-data");
  if (positions) {
    var data = JSON.parse(positions.textContent);
    new window.Chart(document.getElementById("position-chart"), {
      type: "line",
      data: {
        labels: data.rounds.map(function (n) { return "R" + n; }),
        datasets: data.teams.map(function (team) {
          return { label: team.name, data: team.positions, borderColor: team.colour, backgroundColor: team.colour, tension: 0.2 };
        }),
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { reverse: true, min: 1, max: data.team_count, ticks: { stepSize: 1 }, title: { display: true, text: "Position" } } },
      },
    });
  }

  var progress = document.getElementById("progress-data");
  if (progress) {
    var chart = JSON.parse(progress.textContent);
    var datasets = chart.series.map(function (series, i) {
      return { label: series.label, data: series.data, borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length], tension: 0.2 };
    });
    chart.thresholds.forEach(function (line) {
      datasets.push({
        label: line.label + " (" + line.value + ")",
        data: chart.labels.map(function () { return line.value; }),
        borderColor: "#6b7280",
        borderDash: [6, 4],
        pointRadius: 0,
      });
    });
    new window.Chart(document.getElementById("progress-chart"), {
      type: "line",
      data: { labels: chart.labels, datasets: datasets },
      options: { maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, title: { display: true, text: "Successes" } } } },
    });
  }
})();
