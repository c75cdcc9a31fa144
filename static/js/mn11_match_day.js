// Magic Number Eleven's match day on the fixture page (E-S1, E-S3): polls the match day
// section every 4 seconds and, when the rival has chosen (the Away set, a GK pick, a line-up
// in), shows it without a reload. A form the coach has started filling is never replaced:
// a note offers to show the news instead.
(function () {
  "use strict";
  var PERIOD = 4000;
  var section = document.getElementById("match-day");
  if (!section) return;
  var url = section.getAttribute("data-poll-url");
  var editing = false;

  function watch(root) {
    root.addEventListener("change", function () { editing = true; });
    root.addEventListener("submit", function () { editing = true; });
  }

  function poll() {
    fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.querySelector("#match-day");
          if (fresh && fresh.getAttribute("data-version") !== section.getAttribute("data-version")) {
            if (editing) {
              var news = section.querySelector("[data-news]");
              if (news) news.hidden = false;
            } else {
              section.replaceWith(fresh);
              section = fresh;
              watch(section);
            }
          }
        }
        window.setTimeout(poll, PERIOD);
      })
      .catch(function () { window.setTimeout(poll, PERIOD * 2); });
  }

  watch(section);
  window.setTimeout(poll, PERIOD);
})();
