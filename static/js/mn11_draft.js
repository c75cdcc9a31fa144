// Magic Number Eleven's live draft board (E-S2): polls the board's JSON every 3 seconds and
// redraws whose turn it is, the deadline, the cards left, the squads, the history and the pick
// form, so every coach sees each pick without reloading. Text only (textContent), no websockets.
(function () {
  "use strict";

  var board = document.getElementById("draft-board");
  if (!board) return;
  var url = board.getAttribute("data-state-url");
  var version = board.getAttribute("data-version");
  var mayPick = !document.getElementById("pick-form").hidden;
  var PERIOD = 3000;

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function replaceChildren(parent, children) {
    while (parent.firstChild) parent.removeChild(parent.firstChild);
    children.forEach(function (child) { parent.appendChild(child); });
  }

  function drawTurn(state) {
    var turn = document.getElementById("draft-turn");
    if (state.done || !state.turn) {
      turn.textContent = "The draft is over: every team has signed its cards. The commissioner starts the season.";
    } else {
      replaceChildren(turn, [el("strong", state.turn.team), document.createTextNode(" · round " + state.turn.round + ", pick " + state.turn.pick)]);
    }
    var deadline = document.getElementById("draft-deadline");
    deadline.hidden = state.done;
    // The note is the server's (the page's own text), so a refresh never drops it.
    deadline.textContent = (state.deadline_text ? "Pick due by " + state.deadline_text + " · " : "") + state.deadline_note;
  }

  function drawForm(state) {
    var form = document.getElementById("pick-form");
    var select = document.getElementById("pick-card");
    var chosen = select.value;
    replaceChildren(select, state.cards_left.map(function (card) {
      var option = el("option", card.name + " (" + card.key + ")");
      option.value = card.key;
      if (card.key === chosen) option.selected = true;
      return option;
    }));
    document.getElementById("pick-team").textContent = state.turn ? state.turn.team : "";
    document.getElementById("pick-number").value = state.turn ? String(state.turn.pick) : "";
    form.hidden = !state.may_pick;
    var refusal = document.getElementById("pick-refusal");
    refusal.textContent = state.refusal;
    refusal.hidden = state.may_pick || state.done || !state.refusal || refusal.hasAttribute("data-anonymous");
  }

  function drawLists(state) {
    document.getElementById("cards-left-count").textContent = String(state.cards_left.length);
    function named(card) {
      var item = el("li", card.name + " ");
      item.appendChild(el("span", card.key, "muted"));
      return item;
    }
    replaceChildren(document.getElementById("cards-left"), state.cards_left.map(function (card) {
      var item = named(card);
      item.setAttribute("data-key", card.key);
      return item;
    }));
    replaceChildren(document.getElementById("squads"), state.squads.map(function (squad) {
      var box = el("div", undefined, "draft-squad");
      box.setAttribute("data-team", String(squad.team_id));
      var list = el("ul");
      if (!squad.cards.length) list.appendChild(el("li", "No card yet", "muted"));
      squad.cards.forEach(function (card) { list.appendChild(named(card)); });
      box.appendChild(el("h3", squad.team));
      box.appendChild(list);
      return box;
    }));
    replaceChildren(document.getElementById("draft-picks"), state.picks.map(function (pick) {
      var item = el("li");
      item.appendChild(el("span", pick.team, "draft-pick-team"));
      item.appendChild(document.createTextNode(": " + pick.name + " "));
      item.appendChild(el("span", pick.card, "muted"));
      if (pick.automatic) { item.appendChild(document.createTextNode(" ")); item.appendChild(el("span", "drawn", "draft-auto")); }
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", "round " + pick.round + " · " + pick.made_at, "muted"));
      return item;
    }));
    document.getElementById("no-picks").hidden = state.picks.length > 0;
  }

  function draw(state) {
    drawTurn(state);
    drawForm(state);
    drawLists(state);
    version = String(state.version);
    mayPick = state.may_pick;
    board.setAttribute("data-version", version);
  }

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && state.started && (String(state.version) !== version || state.may_pick !== mayPick)) draw(state);
        if (!state || !state.done) window.setTimeout(poll, PERIOD);
      })
      .catch(function () { window.setTimeout(poll, PERIOD * 2); });
  }

  window.setTimeout(poll, PERIOD);
})();
