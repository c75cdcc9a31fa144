// A simulation's progress: poll its status until it has finished, then load the page again
// to show the result (or say why it failed). A live job says why it has not finished
// (what it waits for, how many jobs are ahead of it).
(function () {
  "use strict";
  var box = document.querySelector("[data-job-url]");
  if (!box) return;
  var bar = box.querySelector("progress");
  var state = box.querySelector("[data-job=state]");
  var reason = box.querySelector("[data-job=reason]");
  var url = box.getAttribute("data-job-url");
  var labels = {
    waiting: "Waiting", queued: "Queued", running: "Running",
    succeeded: "Finished", failed: "Failed", cancelled: "Cancelled"
  };

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("status " + response.status);
        return response.json();
      })
      .then(function (job) {
        bar.value = job.progress;
        bar.textContent = job.progress + "%";
        state.textContent = (labels[job.state] || job.state) + " · " + job.progress + "%";
        if (reason) {
          reason.hidden = !job.waiting_for;
          reason.textContent = job.waiting_for ? job.waiting_for + (job.state === "running" ? "" : " It starts on its own as soon as it can.") : "";
        }
        if (job.finished) {
          if (job.state === "succeeded") {
            state.textContent = "Finished: " + job.home_score + "–" + job.away_score + ". Loading the result…";
            window.location.assign(job.fixture_url);
          } else if (job.state === "cancelled") {
            state.textContent = "The simulation was cancelled: " + job.error;
          } else {
            state.textContent = "The simulation failed: " + job.error;
          }
          return;
        }
        window.setTimeout(poll, job.state === "waiting" ? 3000 : 700);
      })
      .catch(function () { window.setTimeout(poll, 3000); });
  }
  poll();
})();
