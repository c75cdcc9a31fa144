// The season's control room reloads itself every two seconds while a simulation is queued
// or running (no page reload, so a half-typed form below is kept).
(function () {
  var timer = null, stopped = false;
  function room() { return document.getElementById("control-room"); }
  function schedule() {
    clearTimeout(timer);
    var el = room();
    if (!stopped && el && el.dataset.live === "1") { timer = setTimeout(refresh, 2000); }
  }
  function refresh() {
    var el = room();
    if (!el) { return Promise.resolve(); }
    return fetch(el.dataset.pollUrl, {credentials: "same-origin"}).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (html) {
      if (html) { room().outerHTML = html; }
      schedule();
    });
  }
  // Tests pause the poller while they play the worker's part, then refresh once.
  window.simulationPanel = {refresh: refresh, stop: function () { stopped = true; clearTimeout(timer); }};
  schedule();
})();
