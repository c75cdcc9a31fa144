"""Coaches who sign up (issue #19): a visitor registers and verifies his email, asks to join a
league that is open to sign-ups with a team of his making (built by the league's game), and a
commissioner approves or refuses the request in the admin (docs/web.md, "Signing up")."""
