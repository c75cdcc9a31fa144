"""On a 375 px phone, every page a visitor, a coach of each game and the commissioner can reach
by following links from the home page and My teams (issue 17, items 1 and 5): none scrolls
sideways, logs a console error or a Content-Security-Policy violation, answers an error
status or has a serious or critical axe-core violation.

The crawl is breadth-first over same-site links, de-duplicated by kind of page (at most
PER_KIND addresses of each, so it stays bounded however much data the demo holds). It follows
only links (GET), so it changes nothing. Every page is checked for width, console errors and
CSP. axe-core, most of a page's cost, checks the first page of each kind once for all roles
(issue #43: one demo and one browser for every role); the roles that see most go first, so
it sees the fullest version of a page (a coach's forms, the commissioner's links). A page
with a problem is photographed, full page, into test-results/phone/<role>/; the pages crawled
and the axe-core summary are printed (run with -s) and written to
test-results/phone/pages-<role>.txt.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import Resolver404, resolve

from league.demo import DEMO_PASSWORD, demo_build_all
from league.models import Fixture, Team
from tests.browser.conftest import RESULTS, Requests

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 812}
SHOTS = RESULTS / "phone"
PER_KIND = 2
#: Addresses no crawl follows: the admin (its own test), the API and its JSON, feeds and
#: files, polled JSON, and Django's own password-reset mail flow.
SKIP = re.compile(r"^/(admin|api|static|media|jobs)/|\.(ics|json|csv|png|svg)$|/accounts/reset")
#: axe-core impacts that fail the test.
FAILING_IMPACTS = {"serious", "critical"}

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile}:${event.lineNumber}`);
});
"""

#: The widest element that sticks out past the viewport, named like a CSS selector.
WIDEST = """
() => {
  const width = window.innerWidth;
  const overflow = document.documentElement.scrollWidth;
  if (overflow <= width) return null;
  // Whatever a scroll box (overflow-x other than visible) holds cannot widen the page.
  const clipped = (element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  let widest = null, right = width;
  for (const element of document.body.querySelectorAll("*")) {
    const box = element.getBoundingClientRect();
    if (box.right > right + 0.5 && !clipped(element)) { right = box.right; widest = element; }
  }
  const name = (element) => element.tagName.toLowerCase()
    + (element.id ? "#" + element.id : "")
    + [...element.classList].map((c) => "." + c).join("");
  let path = widest ? name(widest) : "?";
  if (widest && widest.parentElement) path = name(widest.parentElement) + " > " + path;
  return `document ${overflow}px wide; widest: ${path} reaching ${Math.round(right)}px`;
}
"""


@dataclass
class Crawl:
    role: str
    pages: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: Every axe-core rule broken, "impact rule-id", and on how many pages.
    axe: Counter[str] = field(default_factory=Counter)


def kind_of(path: str) -> str | None:
    """The kind of page `path` shows, for de-duplication: its Django route pattern, with the
    league and season it names, or for a core team or fixture page the game showing it (and
    the fixture's status); None when it is none of the site's pages."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    kwargs = match.kwargs
    named = [str(kwargs[key]) for key in ("league", "season", "slug") if key in kwargs]
    if match.url_name == "team":
        named.append(Team.objects.get(pk=kwargs["pk"]).league.ruleset)
    elif match.url_name == "fixture":
        fixture = Fixture.objects.select_related("round__season__league").get(pk=kwargs["pk"])
        named += [fixture.round.season.league.ruleset, fixture.status]
    return " ".join([match.route, *named])


def same_site_links(page, origin: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map((a) => a.href)")
    found = []
    for href in hrefs:
        parts = urlsplit(href)
        if f"{parts.scheme}://{parts.netloc}" != origin or SKIP.search(parts.path):
            continue
        found.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found


def page_problems(page, path: str) -> list[str]:
    """What is wrong with the page loaded: sideways scroll, CSP violations (axe-core's
    findings are `axe_problems`)."""
    problems = []
    if (wide := page.evaluate(WIDEST)) is not None:
        problems.append(f"{path}: scrolls sideways: {wide}")
    for violation in page.evaluate("window.__cspViolations"):
        problems.append(f"{path}: CSP: {violation}")
    return problems


def axe_problems(page, path: str, axe: Axe, broken: Counter[str]) -> list[str]:
    """The page's serious and critical axe-core violations (every rule broken is counted
    in `broken`, for the summary)."""
    problems = []
    for violation in axe.run(page).response["violations"]:
        broken[f"{violation['impact']} {violation['id']}"] += 1
        if violation["impact"] in FAILING_IMPACTS:
            targets = [", ".join(node["target"]) for node in violation["nodes"][:3]]
            problems.append(
                f"{path}: axe {violation['impact']} {violation['id']}: "
                f"{violation['help']} at {targets}"
            )
    return problems


def crawl(browser, origin: str, role: str, login: str | None, axed: set[str]) -> Crawl:
    """`role`'s crawl; axe-core checks the kinds not in `axed` yet (and adds them)."""
    context = browser.new_context(base_url=origin, viewport=PHONE)
    context.add_init_script(LISTEN)
    page = context.new_page()
    page.set_default_timeout(20_000)
    requests = Requests(page)
    result = Crawl(role)
    console: list[str] = []
    page.on(
        "console",
        lambda message: console.append(message.text) if message.type == "error" else None,
    )
    page.on("pageerror", lambda error: console.append(f"uncaught {error}"))
    axe = Axe()
    shots = SHOTS / role
    shots.mkdir(parents=True, exist_ok=True)
    try:
        start = ["/"]
        if login is not None:
            page.goto("/accounts/login/")
            page.get_by_label("Username").fill(login)
            page.get_by_label("Password").fill(DEMO_PASSWORD)
            page.locator("main [type=submit]").click()
            page.wait_for_load_state()
            start = ["/my/", "/"]
        queue: deque[str] = deque(start)
        seen: set[str] = set(start)
        per_kind: dict[str, int] = {}
        while queue:
            path = queue.popleft()
            kind = kind_of(urlsplit(path).path)
            if kind is None or per_kind.get(kind, 0) >= PER_KIND:
                continue
            per_kind[kind] = per_kind.get(kind, 0) + 1
            console.clear()
            response = page.goto(path)
            requests.settle()
            result.pages.append(path)
            status = response.status if response is not None else 0
            if status >= 400:
                result.problems.append(f"{path}: HTTP {status}")
                continue
            problems = [f"{path}: console: {message}" for message in console]
            problems += page_problems(page, path)
            if kind not in axed:
                axed.add(kind)
                problems += axe_problems(page, path, axe, result.axe)
            if problems:
                name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "home"
                page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
            result.problems += problems
            for link in same_site_links(page, origin):
                if link not in seen:
                    seen.add(link)
                    queue.append(link)
    finally:
        context.close()
    return result


#: The roles that see most first: axe-core checks a kind of page on the first role's crawl.
ROLES = ["commissioner", "coach-magnoball", "coach-arenaball", "coach-mn11", "visitor"]


def test_every_page_fits_a_phone_for_every_role(browser, live_server):
    # The three demo leagues (MagnoBall, Arenaball, Magic Number Eleven), each with a round
    # open (MagnoBall's third) so its match-day pages and report forms are there to reach.
    summaries = demo_build_all(seed=2026)
    logins: dict[str, str | None] = {"visitor": None, "commissioner": "commissioner"}
    for summary in summaries:
        coach = next(login for login in summary.logins if login.role.startswith("coach of"))
        logins[f"coach-{summary.league.ruleset}"] = coach.username

    axed: set[str] = set()
    problems: list[str] = []
    for role in ROLES:
        result = crawl(browser, live_server.url, role, logins[role], axed)
        rules = ", ".join(f"{rule} ({pages})" for rule, pages in sorted(result.axe.items()))
        report = [
            f"{result.role}: {len(result.pages)} pages",
            *(f"  {p}" for p in result.pages),
            f"  axe-core rules broken (pages): {rules or 'none'}",
        ]
        print("\n" + "\n".join(report))
        (SHOTS / f"pages-{role}.txt").write_text("\n".join(report) + "\n")
        assert result.pages, f"{role}: the crawl reached no page"
        problems += [f"{role}: {problem}" for problem in result.problems]
    assert problems == [], "\n".join(problems)
