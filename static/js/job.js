// A queued simulation's progress: poll its status until it has finished, then load the
// page again to show the result (or say why it failed).
(function () {
  "use strict";
  var box = document.querySelector("[data-job-url]");
  if (!box) return;
  var bar = box.querySelector("progress");
  var state = box.querySelector("[data-job=state]");
  var url = box.getAttribute("data-job-url");
  var labels = { queued: "Queued", running: "Running", succeeded: "Finished", failed: "Failed" };

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (job) {
        bar.value = job.progress;
        bar.textContent = job.progress + "%";
        state.textContent = (labels[job.state] || job.state) + " · " + job.progress + "%";
        if (job.finished) {
          if (job.state === "succeeded") {
            state.textContent = "Finished: " + job.home_score + "–" + job.away_score + ". Loading the result…";
            window.location.assign(job.fixture_url);
          } else {
            state.textContent = "The simulation failed: " + job.error;
          }
          return;
        }
        window.setTimeout(poll, 700);
      })
      .catch(function () { window.setTimeout(poll, 2000); });
  }
  poll();
})();
