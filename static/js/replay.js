// The board replay: draws the board as SVG and steps through the recorded match events
// (games.MatchEvent.data: the players, the squares moved from and to, the ball's square).
// Positions are known once a player has moved; play, pause, step and a scrubber.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  var source = document.getElementById("replay-data");
  if (!root || !source) return;
  var data = JSON.parse(source.textContent);
  var svg = root.querySelector("[data-replay=board]");
  var text = root.querySelector("[data-replay=text]");
  var counter = root.querySelector("[data-replay=counter]");
  var scrub = root.querySelector("[data-replay=scrub]");
  var playButton = root.querySelector("[data-replay=play]");
  var NS = "http://www.w3.org/2000/svg";
  var events = data.events;
  var index = 0;
  var timer = null;

  function el(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    (parent || svg).appendChild(node);
    return node;
  }

  // The state after each event, worked out once so stepping back is instant.
  // Players start where they are first seen, so the line-up shows from the first event.
  var states = [];
  var positions = {};
  events.forEach(function (event) {
    var key = event.players[0];
    if (key && !positions[key] && (event.from || event.to)) positions[key] = event.from || event.to;
  });
  events.forEach(function (event) {
    if (event.players.length && event.to) positions[event.players[0]] = event.to;
    else if (event.players.length && event.from && !positions[event.players[0]]) positions[event.players[0]] = event.from;
    states.push(Object.assign({}, positions));
  });

  function draw() {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var cols = data.columns, rows = data.rows;
    el("rect", { x: 0, y: 0, width: cols, height: rows, class: "board__pitch" });
    for (var x = 0; x < cols; x++) {
      for (var y = 0; y < rows; y++) {
        if ((x + y) % 2) el("rect", { x: x, y: y, width: 1, height: 1, class: "board__square" });
      }
    }
    el("line", { x1: 0, y1: rows / 2, x2: cols, y2: rows / 2, class: "board__half" });
    var event = events[index];
    var state = states[index];
    Object.keys(state).forEach(function (key) {
      var player = data.players[key];
      if (!player) return;
      var square = state[key];
      var active = event.players.indexOf(key) !== -1;
      var colour = data[player.side].colour;
      var g = el("g", { class: "board__player" + (active ? " board__player--active" : "") });
      // Home tokens are discs, away tokens squares: the teams differ by shape, not colour alone.
      if (player.side === "home") {
        el("circle", { cx: square[0] + 0.5, cy: square[1] + 0.5, r: 0.42, fill: colour, class: "board__token board__token--home" }, g);
      } else {
        el("rect", { x: square[0] + 0.1, y: square[1] + 0.1, width: 0.8, height: 0.8, rx: 0.12, fill: colour, class: "board__token board__token--away" }, g);
      }
      var label = el("text", { x: square[0] + 0.5, y: square[1] + 0.62, class: "board__label" }, g);
      label.textContent = player.short;
      var title = el("title", {}, g);
      title.textContent = player.label;
    });
    if (event.from && event.to) {
      el("line", { x1: event.from[0] + 0.5, y1: event.from[1] + 0.5, x2: event.to[0] + 0.5, y2: event.to[1] + 0.5, class: "board__move" });
    }
    if (event.ball) el("circle", { cx: event.ball[0] + 0.5, cy: event.ball[1] + 0.5, r: 0.2, class: "board__ball" });
    text.textContent = event.text;  // the server's caption already names the half, once
    counter.textContent = (index + 1) + " / " + events.length;
    scrub.value = String(index);
  }

  function go(to) {
    index = Math.max(0, Math.min(events.length - 1, to));
    draw();
    if (index === events.length - 1) pause();
  }
  function pause() {
    if (timer) window.clearInterval(timer);
    timer = null;
    playButton.textContent = "Play";
    playButton.setAttribute("aria-pressed", "false");
  }
  function play() {
    if (index === events.length - 1) index = 0;
    timer = window.setInterval(function () { go(index + 1); }, 400);
    playButton.textContent = "Pause";
    playButton.setAttribute("aria-pressed", "true");
  }

  root.querySelector("[data-replay=start]").addEventListener("click", function () { pause(); go(0); });
  root.querySelector("[data-replay=back]").addEventListener("click", function () { pause(); go(index - 1); });
  root.querySelector("[data-replay=step]").addEventListener("click", function () { pause(); go(index + 1); });
  root.querySelector("[data-replay=end]").addEventListener("click", function () { pause(); go(events.length - 1); });
  playButton.addEventListener("click", function () { if (timer) pause(); else play(); });
  scrub.addEventListener("input", function () { pause(); go(parseInt(scrub.value, 10)); });
  draw();
})();
